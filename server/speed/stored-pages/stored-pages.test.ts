import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PAGE_VIEW_HEADER, VISITOR_CACHE_HEADER } from "../../../contract/shared/request.ts";
import { createLogger } from "../../../api/lib/log.ts";
import { diskStore } from "./disk-store.ts";
import { storedPages, type PageFacts } from "./stored-pages.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-stored-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NONCE_A = "AAAAAAAAAAAAAAAAAAAAAA";
const NONCE_B = "BBBBBBBBBBBBBBBBBBBBBB";

async function setup(o: { quietMs?: number } = {}) {
  let now = 1_000_000;
  const store = await diskStore(path.join(mkdtempSync(path.join(dir, "s-")), "pages.db"), {
    maxBytes: 1 << 20,
    now: () => now,
  });
  const views: number[] = [];
  const pages = storedPages({
    store,
    build: "b1",
    log: createLogger("silent"),
    countView: async (id) => void views.push(id),
    now: () => now,
    ...o,
  });
  let renders = 0;
  /** A page as the web renders it: its nonce in a script, its topics noted, marked for visitors when `keep`. */
  const render =
    (o: { keep?: string; topics?: string[]; changesAt?: number; init?: ResponseInit; view?: number } = {}) =>
    (nonce: string) =>
    async (facts?: PageFacts) => {
      renders++;
      for (const t of o.topics ?? ["lists"]) facts?.topics.add(t);
      if (o.changesAt && facts) facts.changesAt = o.changesAt;
      return new Response(`<p>page ${renders}</p><script nonce="${nonce}">1</script>`, {
        status: 200,
        ...o.init,
        headers: {
          "Content-Type": "text/html",
          ...(o.keep !== "" && { [VISITOR_CACHE_HEADER]: o.keep ?? "60" }),
          ...(o.view && { [PAGE_VIEW_HEADER]: String(o.view) }),
          ...(o.init?.headers as Record<string, string>),
        },
      });
    };
  const visit = (url: string, r = render(), nonce = NONCE_A, headers: Record<string, string> = {}) =>
    pages(new Request(`http://x${url}`, { headers }), r(nonce), nonce, "198.51.100.7");
  return { store, pages, visit, render, views, renders: () => renders, tick: (ms: number) => (now += ms) };
}

describe("stored pages", () => {
  it("renders a visitor's page once, then serves it with each visitor's own nonce until a topic is dropped", async () => {
    const s = await setup();
    const first = await s.visit("/arts", s.render({ topics: ["lists"] }));
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.has(VISITOR_CACHE_HEADER)).toBe(false);
    await vi.waitFor(async () => expect((await s.store.size()).pages).toBe(1));
    const again = await s.visit("/arts", s.render(), NONCE_B, { "accept-encoding": "br" });
    expect(again.headers.get("x-cache")).toBe("HIT");
    const html = brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString();
    expect(html).toBe(`<p>page 1</p><script nonce="${NONCE_B}">1</script>`);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    await s.store.drop(["art:9"]);
    expect((await s.visit("/arts")).headers.get("x-cache")).toBe("HIT");
    await s.store.drop(["lists"]);
    expect(await (await s.visit("/arts")).text()).toContain("page 2");
  });

  it("answers 304 to a browser holding the page, without a body", async () => {
    const s = await setup();
    const first = await s.visit("/");
    await vi.waitFor(async () => expect((await s.store.size()).pages).toBe(1));
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.get("last-modified")).toBeTruthy();
    const held = await s.visit("/", s.render(), NONCE_B, { "if-none-match": etag });
    expect(held.status).toBe(304);
    expect(await held.text()).toBe("");
    expect((await s.visit("/", s.render(), NONCE_B, { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("never stores for the signed-in, a toast, a post, a failure, a cookie, or an unmarked page", async () => {
    const s = await setup();
    await s.visit("/arts", s.render(), NONCE_A, { cookie: "token=abc" });
    await s.visit("/arts", s.render(), NONCE_A, { cookie: "flash=1" });
    await s.visit("/missing", s.render({ init: { status: 404 } }));
    await s.visit("/c", s.render({ init: { headers: { "Set-Cookie": "a=1" } } }));
    await s.visit("/about", s.render({ keep: "" }));
    await s.pages(new Request("http://x/arts", { method: "POST" }), s.render()(NONCE_A), NONCE_A, "");
    expect((await s.store.size()).pages).toBe(0);
    // The member's page does not carry the store's marks out.
    const member = await s.visit("/arts", s.render(), NONCE_A, { cookie: "token=abc" });
    expect(member.headers.has(VISITOR_CACHE_HEADER)).toBe(false);
  });

  it("keeps pages apart by query and theme, and by build", async () => {
    const s = await setup();
    await s.visit("/arts");
    await vi.waitFor(async () => expect((await s.store.size()).pages).toBe(1));
    expect((await s.visit("/arts?cursor=a")).headers.get("x-cache")).toBe("MISS");
    expect((await s.visit("/arts", s.render(), NONCE_A, { cookie: "theme=dark" })).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps a page no longer than its relative times read true, nor than it says", async () => {
    const s = await setup();
    await s.visit("/fresh", s.render({ changesAt: 1_000_000 + 30_000 }));
    await s.visit("/minute", s.render({ keep: "60" }));
    await vi.waitFor(async () => expect((await s.store.size()).pages).toBe(2));
    s.tick(30_001);
    expect((await s.visit("/fresh")).headers.get("x-cache")).toBe("MISS");
    expect((await s.visit("/minute")).headers.get("x-cache")).toBe("HIT");
    s.tick(30_000);
    expect((await s.visit("/minute")).headers.get("x-cache")).toBe("MISS");
  });

  it("counts a person's view of a stored work page, never a crawler's", async () => {
    const s = await setup();
    const first = await s.visit("/art/42", s.render({ view: 42, keep: "86400", topics: ["art:42"] }));
    expect(first.headers.has(PAGE_VIEW_HEADER)).toBe(false);
    await vi.waitFor(async () => expect((await s.store.size()).pages).toBe(1));
    await s.visit("/art/42", s.render(), NONCE_A, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    expect(s.views).toEqual([]);
    await s.visit("/art/42", s.render(), NONCE_A, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" });
    expect(s.views).toEqual([42]);
  });

  it("stores nothing in the moment after a drop, while other processes' lists may not have heard", async () => {
    const s = await setup({ quietMs: 2_000 });
    await s.store.drop(["lists"]);
    await s.visit("/arts");
    expect((await s.visit("/arts")).headers.get("x-cache")).toBeNull();
    expect((await s.store.size()).pages).toBe(0);
    s.tick(2_001);
    await s.visit("/arts");
    await vi.waitFor(async () => expect((await s.store.size()).pages).toBe(1));
    expect((await s.visit("/arts")).headers.get("x-cache")).toBe("HIT");
  });
});
