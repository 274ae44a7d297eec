import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

// What a search-engine crawler reads: robots.txt, the sitemap index and its files, and what an unknown path says.
let s: TestSite;
let artId: number;
beforeAll(async () => {
  s = await startSite({ SITE_URL: "https://yishe.example" });
  const me = await s.member("crawled");
  const nodes = (await (await s.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
  const res = await s.send("/api/art/create", {
    method: "POST",
    headers: { "X-User-Token": me.token, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ type: "1", nodeId: String(nodes.data[0].nodeId), content: "被收录的作品" }),
  });
  artId = ((await res.json()) as { data: { artId: number } }).data.artId;
});
afterAll(async () => s.close());

describe("for crawlers", () => {
  it("robots.txt names the sitemap at the public address and keeps private pages out", async () => {
    const res = await s.get("/robots.txt");
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("Sitemap: https://yishe.example/sitemap.xml");
    expect(text).toContain("Disallow: /user/messages");
    // 约稿 is its two parties' alone.
    expect(text).toContain("Disallow: /commissions");
  });

  it("/sitemap.xml indexes the files, and each file lists its pages with lastmod", async () => {
    const index = await s.get("/sitemap.xml");
    expect(index.headers.get("content-type")).toContain("application/xml");
    const xml = await index.text();
    expect(xml).toContain("<sitemapindex");
    for (const name of ["nodes.xml", "works-0.xml", "people-0.xml"])
      expect(xml).toContain(`<loc>https://yishe.example/sitemaps/${name}</loc>`);
    const works = await (await s.get("/sitemaps/works-0.xml")).text();
    expect(works).toMatch(
      new RegExp(`<url><loc>https://yishe.example/art/${artId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );
    const nodes = await (await s.get("/sitemaps/nodes.xml")).text();
    expect(nodes).toContain("<loc>https://yishe.example/</loc>");
    for (const path of ["/picks", "/events"]) expect(nodes).toContain(`<loc>https://yishe.example${path}</loc>`);
    expect(nodes).toMatch(/<loc>https:\/\/yishe\.example\/arts\/node\/\d+<\/loc>/);
    const people = await (await s.get("/sitemaps/people-0.xml")).text();
    expect(people).toMatch(/<loc>https:\/\/yishe\.example\/user\/\d+<\/loc>/);
  });

  it("gives every listing its own title, description, canonical address and Open Graph tags", async () => {
    const nodes = (await (await s.get("/api/art/nodes")).json()) as { data: { nodeId: number; name: string }[] };
    const node = nodes.data[0];
    const cases: [string, string, string][] = [
      [`/arts/node/${node.nodeId}?from=share`, `${node.name} · 节点 · 艺社`, `/arts/node/${node.nodeId}`],
      ["/arts", "全部作品 · 艺社", "/arts"],
      ["/articles", "文章 · 艺社", "/articles"],
      ["/projects", "项目 · 艺社", "/projects"],
      ["/tags", "标签 · 艺社", "/tags"],
      ["/arts/node/newest", "最新作品 · 艺社", "/arts/node/newest"],
      ["/charts?period=week", "排行榜 · 周榜 · 艺社", "/charts"],
      ["/picks?cursor=", "编辑精选 · 艺社", "/picks"],
      ["/events", "活动 · 艺社", "/events"],
    ];
    for (const [path, title, canonical] of cases) {
      const html = await (await s.get(path)).text();
      expect([path, /<title>(.*?)<\/title>/.exec(html)?.[1]]).toEqual([path, title]);
      expect(html).toContain(`<link rel="canonical" href="https://yishe.example${canonical}"/>`);
      expect(html).toContain(`<meta property="og:url" content="https://yishe.example${canonical}"/>`);
      expect(html).toContain('<meta property="og:site_name" content="艺社"/>');
      expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
      expect(html).not.toContain('content="noindex"');
    }
  });

  it("answers 404 for a sitemap file that cannot exist", async () => {
    for (const path of ["/sitemaps/secrets-0.xml", "/sitemaps/works-x.xml", "/sitemaps/works-9999999.xml"])
      expect((await s.get(path)).status).toBe(404);
  });

  it("marks the home page up for search engines, and shows it at an unknown path with 404, marked noindex with the home page as canonical", async () => {
    const unknown = await s.get("/no/such/page");
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<link rel="canonical" href="https://yishe.example/"/>');
    const home = await (await s.get("/")).text();
    expect(home).not.toContain('content="noindex"');
    expect(home).toContain('<link rel="canonical" href="https://yishe.example/"/>');
    expect(home).toMatch(/<title>艺社 · 艺社是一个中文艺术与创作社区[^<]*<\/title>/);
    expect(home).toContain('<meta property="og:site_name" content="艺社"/>');
    expect(home).toContain('<meta name="twitter:card" content="summary"/>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(home)?.[1] ?? "{}";
    expect(JSON.parse(ld)).toMatchObject({
      "@type": "WebSite",
      url: "https://yishe.example/",
      potentialAction: { target: { urlTemplate: "https://yishe.example/search?q={search_term_string}" } },
    });
  });
});
