import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

/** A real feed reader's parser: RSS 2.0 and Atom, the whole text under content:encoded or <content>. */
const reader = new Parser<Record<string, never>, { contentEncoded?: string; updated?: string }>({
  customFields: { item: [["content:encoded", "contentEncoded"], "updated"] },
});

/** Where the site says it is: a feed's addresses are whole, at SITE_URL. */
const SITE = "https://yishe.example";
let t: TestSite;
let me: { token: string; user: { id: number } };
let nodeId: string;
beforeAll(async () => {
  t = await startSite({ SITE_URL: SITE });
  me = await t.member("painter");
  const nodes = (await (await t.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
  nodeId = String(nodes.data[0]!.nodeId);
});
afterAll(async () => t.close());

async function publish(fields: Record<string, string>) {
  const res = await t.send("/api/art/create", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": me.token },
    body: new URLSearchParams({ type: "0", nodeId, ...fields }),
  });
  const body = (await res.json()) as { success: boolean; message: string; data: { artId: number } };
  expect(body.success, body.message).toBe(true);
  return body.data.artId;
}
const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.get(path, headers);
  return { res, body: await res.text() };
};

describe("feeds", () => {
  it("are RSS and Atom a reader parses, whole text only where the author allows it, addresses whole", async () => {
    const open = await publish({
      title: "可以转载的",
      content: "## 小标题\n\n![图](/uploads/x.png) 正文",
      noai: "0",
    });
    const kept = await publish({ title: "作者保留的", content: `## 秘密\n\n${"前言。".repeat(200)}结尾的秘密` });
    const rss = await text("/feeds/latest.rss");
    expect(rss.res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = await reader.parseString(rss.body);
    expect(feed.title).toContain("最新作品");
    // Said in its own words: the channel's description is not its title said again.
    expect(feed.description).toBe("全站新发布的作品，最新的在前");
    const items = new Map(feed.items.map((i) => [i.link, i]));
    const a = items.get(`${SITE}/art/${open}`)!;
    expect(a.title).toBe("可以转载的");
    expect(a.contentEncoded).toContain("<h2>小标题</h2>");
    expect(a.contentEncoded).toContain(`src="${SITE}/uploads/x.png"`);
    const b = items.get(`${SITE}/art/${kept}`)!;
    expect(b.contentEncoded).toBeUndefined();
    expect(rss.body).not.toContain("结尾的秘密");

    const atom = await text("/feeds/latest.atom");
    expect(atom.res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const parsed = await reader.parseString(atom.body);
    expect(parsed.items.map((i) => i.link)).toContain(`${SITE}/art/${open}`);
    expect(atom.body).not.toContain("结尾的秘密");
  });

  it("keep a hostile title as text", async () => {
    const title = "]]></title><script>alert(1)</script>&amp;";
    const id = await publish({ title, content: "正文", noai: "0" });
    for (const format of ["rss", "atom"]) {
      const { body } = await text(`/feeds/user/${me.user.id}.${format}`);
      const item = (await reader.parseString(body)).items.find((i) => i.link === `${SITE}/art/${id}`)!;
      expect(item.title).toBe(title);
    }
  });

  it("answer 304 to a reader that has the feed already, and the new feed once a work is published", async () => {
    const first = await text(`/feeds/node/${nodeId}.rss`);
    const etag = first.res.headers.get("etag")!;
    const modified = first.res.headers.get("last-modified")!;
    expect(etag).toMatch(/^"/);
    expect((await t.get(`/feeds/node/${nodeId}.rss`, { "If-None-Match": etag })).status).toBe(304);
    expect((await t.get(`/feeds/node/${nodeId}.rss`, { "If-Modified-Since": modified })).status).toBe(304);
    await publish({ title: "新的一幅", content: "正文" });
    const again = await t.get(`/feeds/node/${nodeId}.rss`, { "If-None-Match": etag });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("新的一幅");
  });

  it("date an RSS item by when the work came out, an Atom entry by when it last changed", async () => {
    const id = await publish({ title: "会修改的", content: "初稿" });
    const dated = async (format: string) =>
      (await reader.parseString((await text(`/feeds/user/${me.user.id}.${format}`)).body)).items.find(
        (i) => i.link === `${SITE}/art/${id}`,
      )!;
    const [rss, atom] = [(await dated("rss")).isoDate, (await dated("atom")).updated];
    expect(atom).toBe((await dated("atom")).isoDate); // published, as it came out
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.send(`/api/art/update/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": me.token },
      body: new URLSearchParams({ type: "0", nodeId, title: "改过的", content: "二稿" }),
    });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    expect((await dated("rss")).isoDate).toBe(rss);
    expect((await dated("atom")).updated).not.toBe(atom);
  });

  it("drop a work its author deletes", async () => {
    const id = await publish({ title: "要删掉的", content: "正文" });
    expect((await text("/feeds/latest.rss")).body).toContain("要删掉的");
    const res = await t.send(`/api/art/delete/${id}`, { method: "POST", headers: { "X-User-Token": me.token } });
    expect(res.status).toBe(200);
    expect((await text("/feeds/latest.rss")).body).not.toContain("要删掉的");
  });

  it("are named in the head of the pages they follow", async () => {
    const alternates = async (path: string) =>
      [
        ...(await text(path)).body.matchAll(
          /<link rel="alternate" type="application\/(rss|atom)\+xml"[^>]*href="([^"]+)"/g,
        ),
      ].map((m) => m[2]!.replace(/&amp;/g, "&"));
    expect(await alternates("/")).toEqual(["/feeds/latest.rss", "/feeds/latest.atom"]);
    expect(await alternates(`/arts/node/${nodeId}`)).toEqual([
      `/feeds/node/${nodeId}.rss`,
      `/feeds/node/${nodeId}.atom`,
    ]);
    expect(await alternates(`/user/${me.user.id}`)).toContain(`/feeds/user/${me.user.id}.rss`);
    expect(await alternates("/charts")).toContain("/feeds/charts/day.rss");
    expect(await alternates("/search?q=%E6%B0%B4%E5%BD%A9")).toContain("/feeds/search.rss?q=%E6%B0%B4%E5%BD%A9");
  });

  it("say what is wrong with an address that names no feed", async () => {
    for (const path of ["/feeds/nope.rss", "/feeds/node/0.rss", "/feeds/node/1.json", "/feeds/charts/year.rss"])
      expect((await t.get(path)).status, path).toBe(404);
    const none = await text("/feeds/node/99999.rss");
    expect([none.res.status, none.body]).toEqual([404, "节点不存在"]);
    const empty = await text("/feeds/search.rss");
    expect([empty.res.status, empty.body]).toEqual([400, "请输入搜索关键词"]);
  });
});
