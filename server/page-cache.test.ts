import { describe, expect, it, vi } from "vitest";
import { VISITOR_CACHE_HEADER } from "../contract/request.ts";
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

  it("reuses a copy once its answer is sent, never while it is being sent, with the next nonce in every place", async () => {
    const s = setup();
    const html = (nonce: string) => `<script nonce="${nonce}">x</script><p>画</p><link nonce="${nonce}">`;
    // A page is rendered with the nonce of the request that renders it.
    const rendered = (nonce: string) => async () =>
      new Response(html(nonce), { headers: { "Content-Type": "text/html", [VISITOR_CACHE_HEADER]: "1" } });
    const page = rendered("NONCE-A");
    await s.cache(get("/arts"), page, "NONCE-A");
    const copies = vi.spyOn(Buffer, "from");
    const sending: (() => void)[] = [];
    const whenSent = (sent: () => void) => void sending.push(sent);
    try {
      // Two answers on their way at once: each its own copy.
      const b = await s.cache(get("/arts"), page, "NONCE-B", whenSent);
      const c = await s.cache(get("/arts"), page, "NONCE-C", whenSent);
      expect(copies).toHaveBeenCalledTimes(2);
      expect([await b.text(), await c.text()]).toEqual([html("NONCE-B"), html("NONCE-C")]);
      for (const sent of sending.splice(0)) sent();
      copies.mockClear();
      const d = await s.cache(get("/arts"), page, "NONCE-D", whenSent);
      expect(copies).not.toHaveBeenCalled();
      expect(await d.text()).toBe(html("NONCE-D"));
      // A page forgotten keeps none: its copies are not handed to the page rendered after it.
      for (const sent of sending.splice(0)) sent();
      s.cache.forget();
      await s.cache(get("/arts"), rendered("NONCE-E"), "NONCE-E");
      copies.mockClear();
      const f = await s.cache(get("/arts"), page, "NONCE-F", whenSent);
      expect(copies).toHaveBeenCalledTimes(1);
      expect(await f.text()).toBe(html("NONCE-F"));
    } finally {
      copies.mockRestore();
    }
  });
});
