import dns from "node:dns";
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkHost, isInnerAddress, OutboundRefused, postGuarded } from "./safe-outbound.ts";

const options = { allowHosts: [] as string[], timeoutMs: 2_000, answerBytes: 64 };
let server: Server | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = null;
});
async function listen(handle: Parameters<typeof createServer>[1]) {
  server = createServer(handle);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server.address() as { port: number }).port;
}
/** The system's resolver answering `address` for every name, as a name that points inside would. */
function resolveTo(address: string) {
  const family = address.includes(":") ? 6 : 4;
  vi.spyOn(dns.promises, "lookup").mockResolvedValue([{ address, family }] as never);
  vi.spyOn(dns, "lookup").mockImplementation(((_: string, __: unknown, cb: (...a: unknown[]) => void) =>
    cb(null, [{ address, family }])) as never);
}

describe("addresses a webhook may not reach", () => {
  it("are loopback, private, link-local, shared, metadata, reserved and IPv6's forms of them", () => {
    for (const a of ["127.0.0.1", "10.9.8.7", "172.16.0.1", "192.168.0.10", "169.254.169.254", "100.64.1.1", "0.0.0.0"])
      expect(isInnerAddress(a), a).toBe(true);
    for (const a of [
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:a00:1",
      "64:ff9b::a00:1",
      "ff02::1",
    ])
      expect(isInnerAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "240e::1"])
      expect(isInnerAddress(a), a).toBe(false);
  });

  it("refuse a name that resolves to one, when the address is added", async () => {
    resolveTo("10.0.0.7");
    await expect(checkHost("https://hooks.example.com/in", [])).rejects.toThrow(/内网地址.*10\.0\.0\.7/);
    await expect(checkHost("https://hooks.example.com/in", ["hooks.example.com"])).resolves.toBeUndefined();
  });

  it("refuse a name that answers a private address only when the delivery connects (DNS rebinding)", async () => {
    const port = await listen((_, res) => res.end("inside"));
    resolveTo("127.0.0.1");
    const url = `http://rebind.example.com:${port}/`;
    await expect(postGuarded(url, "{}", {}, options)).rejects.toBeInstanceOf(OutboundRefused);
    // The same name, allowed by the owner, reaches it: the connection goes where the checked lookup said.
    const allowed = await postGuarded(url, "{}", {}, { ...options, allowHosts: ["rebind.example.com"] });
    expect(allowed).toEqual({ status: 200, answer: "inside" });
  });

  it("follow no redirect, read a few bytes of the answer, and give up on a receiver that does not answer", async () => {
    let port = await listen((_, res) =>
      res.writeHead(302, { Location: "http://169.254.169.254/" }).end("x".repeat(500)),
    );
    const opts = { ...options, allowHosts: ["127.0.0.1"] };
    const moved = await postGuarded(`http://127.0.0.1:${port}/`, "{}", {}, opts);
    expect(moved.status).toBe(302);
    expect(moved.answer.length).toBeLessThanOrEqual(64);
    await new Promise((r) => server!.close(r));
    port = await listen(() => {});
    const started = Date.now();
    await expect(postGuarded(`http://127.0.0.1:${port}/`, "{}", {}, { ...opts, timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
