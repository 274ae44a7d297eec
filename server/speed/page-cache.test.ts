import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { VISITOR_CACHE_HEADER } from "../../contract/shared/request.ts";
import { pageCache } from "./page-cache.ts";

function setup() {
  let now = 0;
  let renders = 0;
  const cache = pageCache({ ttlMs: 3000, max: 2, now: () => now });
  const render =
    (init: ResponseInit = {}) =>
    async () => {
      renders++;
      return new Response(`page ${renders}`, {
        status: 200,
        headers: { "Content-Type": "text/html", [VISITOR_CACHE_HEADER]: "1" },
        ...init,
      });
    };
  return { cache, render, renders: () => renders, tick: (ms: number) => (now += ms) };
}
const get = (path: string, cookie = "") => new Request(`http://x${path}`, { headers: cookie ? { cookie } : {} });

describe("pageCache", () => {
  it("serves a visitor's listing again within the time, then renders anew", async () => {
    const s = setup();
    const first = await s.cache(get("/arts"), s.render());
    expect(first.headers.get("x-cache")).toBe("MISS");
    const again = await s.cache(get("/arts"), s.render());
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe("page 1");
    s.tick(3001);
    expect(await (await s.cache(get("/arts"), s.render())).text()).toBe("page 2");
  });

  it("forgets every page kept when something is written, and keeps no page whose render a write overtook", async () => {
    const s = setup();
    await s.cache(get("/arts"), s.render());
    s.cache.forget();
    expect(await (await s.cache(get("/arts"), s.render())).text()).toBe("page 2");
    // A render under way when a write lands answers its visitor, but the next one is rendered anew.
    const slow = s.cache(get("/topics"), async () => {
      s.cache.forget();
      return s.render()();
    });
    expect(await (await slow).text()).toBe("page 3");
    expect(await (await s.cache(get("/topics"), s.render())).text()).toBe("page 4");
    expect((await s.cache(get("/topics"), s.render())).headers.get("x-cache")).toBe("HIT");
  });

  it("keeps pages apart by query and by colour theme", async () => {
    const s = setup();
    await s.cache(get("/arts"), s.render());
    expect(await (await s.cache(get("/arts?cursor=a"), s.render())).text()).toBe("page 2");
    expect(await (await s.cache(get("/arts", "theme=dark"), s.render())).text()).toBe("page 3");
  });

  it("never caches for the signed-in, a pending toast, a post, a cookie-setting or failed answer, or a work page", async () => {
    const s = setup();
    await s.cache(get("/arts", "token=abc"), s.render());
    await s.cache(get("/arts", "token=abc"), s.render());
    await s.cache(get("/arts", "flash=x"), s.render());
    await s.cache(new Request("http://x/arts", { method: "POST" }), s.render());
    await s.cache(get("/topics"), s.render({ headers: { "Set-Cookie": "a=1", "Content-Type": "text/html" } }));
    await s.cache(get("/topics"), s.render());
    await s.cache(get("/links"), s.render({ status: 404 }));
    await s.cache(get("/links"), s.render({ status: 404 }));
    // A work page does not carry the visitor mark (it counts views).
    await s.cache(get("/art/5"), s.render({ headers: { "Content-Type": "text/html" } }));
    await s.cache(get("/art/5"), s.render({ headers: { "Content-Type": "text/html" } }));
    expect(s.renders()).toBe(10);
  });

  it("keeps at most max pages", async () => {
    const s = setup();
    for (const p of ["/arts", "/topics", "/links"]) await s.cache(get(p), s.render());
    expect((await s.cache(get("/arts"), s.render())).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps only pages that carry the visitor mark, and takes the mark off", async () => {
    const s = setup();
    const unmarked = async () => new Response("work page", { headers: { "Content-Type": "text/html" } });
    await s.cache(get("/art/5"), unmarked);
    expect((await s.cache(get("/art/5"), unmarked)).headers.get("x-cache")).toBeNull();
    const first = await s.cache(get("/arts"), s.render());
    expect(first.headers.has(VISITOR_CACHE_HEADER)).toBe(false);
    const again = await s.cache(get("/arts"), s.render());
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.headers.has(VISITOR_CACHE_HEADER)).toBe(false);
  });

  it("gives a page served again this request's script nonce, never the one it was rendered with", async () => {
    const s = setup();
    const page = async () =>
      new Response('<script nonce="NONCE-A">x</script><script nonce="NONCE-A">y</script>', {
        headers: { "Content-Type": "text/html", [VISITOR_CACHE_HEADER]: "1" },
      });
    await s.cache(get("/arts"), page, "NONCE-A");
    const again = await s.cache(get("/arts"), page, "NONCE-B");
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe('<script nonce="NONCE-B">x</script><script nonce="NONCE-B">y</script>');
  });

  it("answers a page served again compressed in the coding asked, each with its own nonce, from one copy", async () => {
    const s = setup();
    const html = (nonce: string) => `<script nonce="${nonce}">x</script><p>画</p><link nonce="${nonce}">`.repeat(40);
    const rendered = (nonce: string) => async () =>
      new Response(html(nonce), { headers: { "Content-Type": "text/html", [VISITOR_CACHE_HEADER]: "1" } });
    await s.cache(get("/arts"), rendered("NONCE-A"), "NONCE-A");
    const asking = (coding: string) => new Request("http://x/arts", { headers: { "Accept-Encoding": coding } });
    const copies = vi.spyOn(Buffer, "from");
    try {
      const b = await s.cache(asking("gzip, deflate, br"), rendered("NONCE-A"), "NONCE-B");
      const c = await s.cache(asking("gzip"), rendered("NONCE-A"), "NONCE-C");
      // One copy for the nonces, written again for each visitor once the last one was compressed.
      expect(copies).toHaveBeenCalledTimes(1);
      expect([b.headers.get("content-encoding"), c.headers.get("content-encoding")]).toEqual(["br", "gzip"]);
      expect(b.headers.get("vary")).toMatch(/Accept-Encoding/);
      const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
      expect(brotliDecompressSync(await bytes(b)).toString()).toBe(html("NONCE-B"));
      expect(gunzipSync(await bytes(c)).toString()).toBe(html("NONCE-C"));
      expect(Number(b.headers.get("content-length"))).toBe(
        (await bytes(await s.cache(asking("br"), rendered("X"), "NONCE-B"))).length,
      );
      // A client that takes no coding gets the text itself, with its own nonce.
      const d = await s.cache(get("/arts"), rendered("NONCE-A"), "NONCE-D");
      expect(d.headers.get("content-encoding")).toBeNull();
      expect(await d.text()).toBe(html("NONCE-D"));
    } finally {
      copies.mockRestore();
    }
  });
});
