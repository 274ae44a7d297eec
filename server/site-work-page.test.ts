import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

let t: TestSite;
beforeAll(async () => {
  t = await startSite();
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
