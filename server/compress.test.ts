import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { codingFor, compress, INLINE_BYTES } from "./compress.ts";
import { startSite, type TestSite } from "../tests/site/test-site.ts";

let s: TestSite;
let token: string;
beforeAll(async () => {
  s = await startSite();
  token = (await s.member("reader")).token;
});
afterAll(async () => s.close());

const gz = { "Accept-Encoding": "gzip, deflate" };
/** What Chromium sends over HTTPS. */
const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };

describe("codingFor", () => {
  it("takes brotli where the client takes it, gzip where only that, and none otherwise", () => {
    expect(codingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(codingFor("br")).toBe("br");
    expect(codingFor("gzip, deflate")).toBe("gzip");
    expect(codingFor("GZIP")).toBe("gzip");
    expect(codingFor("deflate, zstd")).toBeNull();
    expect(codingFor("identity")).toBeNull();
    expect(codingFor("")).toBeNull();
    expect(codingFor(undefined)).toBeNull();
  });

  it("weighs by q, refuses q=0, and reads * as any coding not named", () => {
    expect(codingFor("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(codingFor("gzip;q=0.5, br;q=0.9")).toBe("br");
    expect(codingFor("gzip, br;q=0")).toBe("gzip");
    expect(codingFor("br;q=0, gzip;q=0")).toBeNull();
    expect(codingFor("gzip ; q = 0 , deflate")).toBeNull();
    expect(codingFor("*")).toBe("br");
    expect(codingFor("*, br;q=0")).toBe("gzip");
    expect(codingFor("*;q=0")).toBeNull();
    expect(codingFor("gzip;q=abc")).toBeNull();
  });
});

describe("compression", () => {
  it.each([
    ["brotli to a browser over HTTPS", browser, "br", brotliDecompressSync],
    ["gzip to a client that takes only gzip", gz, "gzip", gunzipSync],
  ] as const)("answers pages, their data requests and API answers in %s", async (_, accept, coding, unpack) => {
    for (const path of ["/", "/arts", "/_root.data", "/api/art/nodes"]) {
      const res = await s.get(path, accept);
      expect([path, res.headers.get("content-encoding")]).toEqual([path, coding]);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      const body = unpack(Buffer.from(await res.arrayBuffer())).toString();
      const sent = Number(res.headers.get("content-length"));
      expect(sent).toBeLessThan(Buffer.byteLength(body) / (path === "/" ? 3 : 1));
      if (path === "/") expect(body).toContain("<!DOCTYPE html>");
    }
    // A page served again from the visitors' cache is compressed too.
    const again = await s.get("/", accept);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(unpack(Buffer.from(await again.arrayBuffer())).toString()).toContain("<!DOCTYPE html>");
  });

  it("leaves alone a client that does not accept it, an event stream, a HEAD and a tiny answer", async () => {
    expect((await s.get("/")).headers.get("content-encoding")).toBeNull();
    expect((await s.get("/", { "Accept-Encoding": "deflate, zstd" })).headers.get("content-encoding")).toBeNull();
    expect((await s.get("/", { "Accept-Encoding": "gzip;q=0, br;q=0" })).headers.get("content-encoding")).toBeNull();
    const stream = await s.get("/user/events", { ...gz, Cookie: `token=${token}` });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.headers.get("content-encoding")).toBeNull();
    await stream.body?.cancel();
    const head = await s.send("/", { method: "HEAD", headers: gz });
    expect(head.headers.get("content-encoding")).toBeNull();
    const tiny = await s.get("/api/user/msgrecent", { ...gz, "X-User-Token": token });
    expect(tiny.headers.get("content-encoding")).toBeNull();
  });
});

describe("compress() alone", () => {
  const page = "<p>画</p>".repeat(400);
  /** An answer that counts how often its body is read (under @hono/node-server, each read makes a copy). */
  function counted(make = () => new Response(page, { headers: { "Content-Type": "text/html" } })) {
    let reads = 0;
    const res = make();
    const body = Object.getOwnPropertyDescriptor(Response.prototype, "body")!.get!;
    Object.defineProperty(res, "body", { get: () => (reads++, body.call(res)) });
    return { res, reads: () => reads };
  }
  async function through(acceptEncoding: string | null, make?: () => Response) {
    const answer = counted(make);
    const app = new Hono().use(compress()).get("/", () => answer.res);
    const res = await app.request("/", { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
    return { res, reads: answer.reads() };
  }

  it("leaves the body of an answer it will not compress unread, so it goes out as it is", async () => {
    for (const accept of [null, "deflate", "identity", "br;q=0"]) expect((await through(accept)).reads).toBe(0);
    for (const coding of ["gzip", "br"]) {
      const packed = await through(coding);
      expect(packed.res.headers.get("content-encoding")).toBe(coding);
      expect(packed.reads).toBeGreaterThan(0);
    }
  });

  it("compresses a body over INLINE_BYTES off the serving thread, in either coding", async () => {
    const inline = [vi.spyOn(zlib, "brotliCompressSync"), vi.spyOn(zlib, "gzipSync")];
    const big = "<url><loc>https://yishe.example/art/1</loc></url>\n".repeat(Math.ceil((INLINE_BYTES * 2) / 50));
    expect(big.length).toBeGreaterThan(INLINE_BYTES);
    for (const [coding, unpack] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await new Hono()
        .use(compress())
        .get("/", (c) => c.body(big, 200, { "Content-Type": "application/xml" }))
        .request("/", { headers: { "Accept-Encoding": coding } });
      expect(res.headers.get("content-encoding")).toBe(coding);
      expect(unpack(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
    }
    expect(inline.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    for (const spy of inline) spy.mockRestore();
  });
});
