import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";
import { HELD } from "../../app/speed/scripts-after-paint.tsx";

let t: TestSite;
beforeAll(async () => {
  // Counts on visitors' stored pages follow by the job at once, not within the usual lag.
  t = await startSite({ PAGE_COUNTS_LAG_MS: "0" });
});
afterAll(async () => t.close());

describe("a work's page", () => {
  it("sends an article's body once, as HTML: its Markdown source is not in the page's data", async () => {
    const me = await t.member("writer");
    const nodes = (await (await t.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
    const source = "## 小节标题甲乙\n\n正文里有**加粗的句子丙丁**。";
    const res = await t.send("/api/art/create", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": me.token },
      body: new URLSearchParams({
        type: "0",
        title: "一篇文章",
        content: source,
        nodeId: String(nodes.data[0].nodeId),
      }),
    });
    const { artId } = ((await res.json()) as { data: { artId: number } }).data;
    const html = await (await t.get(`/art/${artId}`)).text();
    expect(html).toContain("<h2>小节标题甲乙</h2>");
    expect(html).toContain("<strong>加粗的句子丙丁</strong>");
    expect(html).not.toContain("**加粗的句子丙丁**");
    const data = await (await t.get(`/art/${artId}.data`)).text();
    expect(data).toContain("小节标题甲乙");
    expect(data).not.toContain("**加粗的句子丙丁**");
  });
});

describe("the scripts a page names", () => {
  it("are a dozen or so: our small shared modules travel as one chunk (vite.config.ts), not some thirty files", async () => {
    for (const page of ["/", "/about", "/art/1"]) {
      const html = await (await t.get(page)).text();
      // Held until the first frame (app/speed/scripts-after-paint.server.ts): none is asked for beside the stylesheet.
      expect(html).not.toContain('rel="modulepreload"');
      const preloads = html.match(new RegExp(`rel="${HELD.preload}"`, "g")) ?? [];
      expect(preloads.length).toBeGreaterThan(3);
      expect(preloads.length).toBeLessThanOrEqual(15);
    }
  });
});

describe("回复 under a comment", () => {
  it("links back to the page it is on, with the form answering that comment (as a page without JavaScript follows it)", async () => {
    const me = await t.member("replier");
    const nodes = (await (await t.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
    const asked = { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": me.token };
    const made = await t.send("/api/art/create", {
      method: "POST",
      headers: asked,
      body: new URLSearchParams({ type: "1", content: "可以回复的作品", nodeId: String(nodes.data[0].nodeId) }),
    });
    const { artId } = ((await made.json()) as { data: { artId: number } }).data;
    const said = await t.send("/api/comment/create", {
      method: "POST",
      headers: asked,
      body: new URLSearchParams({ workId: String(artId), content: "第一条评论" }),
    });
    const commentId = ((await said.json()) as { data: { commentId: number } }).data.commentId;
    for (const page of [`/art/${artId}`, `/project/${artId}`]) {
      const html = await (await t.get(page)).text();
      expect(html).toContain(`<a href="${page}?replyTo=${commentId}#comment-form"`);
    }
  });
});

describe("喜欢的人", () => {
  it("lists who liked a work, newest first, with a follow button each, linked from the work", async () => {
    const author = await t.member("painter");
    const nodes = (await (await t.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
    const created = await t.send("/api/art/create", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-User-Token": author.token },
      body: new URLSearchParams({ type: "1", content: "雨后的山", nodeId: String(nodes.data[0].nodeId) }),
    });
    const { artId } = ((await created.json()) as { data: { artId: number } }).data;
    const workPage = async () => (await t.get(`/art/${artId}`)).text();
    // No one has liked it yet: no link to an empty list.
    expect(await workPage()).not.toContain(`/art/${artId}/likers`);
    for (const name of ["likerone", "likertwo"]) {
      const fan = await t.member(name);
      await t.send(`/api/art/like/${artId}`, { method: "POST", headers: { "X-User-Token": fan.token } });
    }
    // Likes are counts: the visitor's stored page follows when the job drops it.
    await vi.waitFor(async () => expect(await workPage()).toContain(`href="/art/${artId}/likers"`), {
      timeout: 10_000,
    });
    const res = await t.get(`/art/${artId}/likers`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>喜欢《雨后的山》的人</title>");
    expect(html.indexOf("likertwo")).toBeGreaterThan(0);
    expect(html.indexOf("likertwo")).toBeLessThan(html.indexOf("likerone"));
    expect(html).toContain("共 2 人");
    expect((await t.get("/art/999999/likers")).status).toBe(404);
  });
});
