import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compress } from "./compress.ts";
import { startSite, type TestSite } from "./test-site.ts";

let s: TestSite;
let token: string;
beforeAll(async () => {
  s = await startSite();
  token = (await s.member("reader")).token;
});
afterAll(async () => s.close());

const gz = { "Accept-Encoding": "gzip, deflate, br" };

describe("compression", () => {
  it("gzips pages, their data requests and API answers for a client that accepts it", async () => {
    for (const path of ["/", "/arts", "/_root.data", "/api/art/nodes"]) {
      const res = await s.get(path, gz);
      expect([path, res.headers.get("content-encoding")]).toEqual([path, "gzip"]);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(Number(res.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(body));
      if (path === "/") expect(body).toContain("<!DOCTYPE html>");
    }
    // A page served again from the visitors' cache is compressed too.
    const again = await s.get("/", gz);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(gunzipSync(Buffer.from(await again.arrayBuffer())).toString()).toContain("<!DOCTYPE html>");
  });

  it("leaves alone a client that does not accept it, an event stream, a HEAD and a tiny answer", async () => {
    expect((await s.get("/")).headers.get("content-encoding")).toBeNull();
    expect((await s.get("/", { "Accept-Encoding": "br" })).headers.get("content-encoding")).toBeNull();
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
  /** An answer that counts how often its body is read (under @hono/node-server, each read makes a copy). */
  function counted() {
    let reads = 0;
    const res = new Response("<p>画</p>".repeat(400), { headers: { "Content-Type": "text/html" } });
    const body = Object.getOwnPropertyDescriptor(Response.prototype, "body")!.get!;
    Object.defineProperty(res, "body", { get: () => (reads++, body.call(res)) });
    return { res, reads: () => reads };
  }
  async function through(acceptEncoding: string | null) {
    const answer = counted();
    const app = new Hono().use(compress()).get("/", () => answer.res);
    const res = await app.request("/", { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
    return { res, reads: answer.reads() };
  }

  it("leaves the body of an answer it will not compress unread, so it goes out as it is", async () => {
    for (const accept of [null, "br", "identity"]) expect((await through(accept)).reads).toBe(0);
    const packed = await through("gzip");
    expect(packed.res.headers.get("content-encoding")).toBe("gzip");
    expect(packed.reads).toBeGreaterThan(0);
  });
});
