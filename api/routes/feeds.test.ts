import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, insertNode, insertWork, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { FeedView } from "../../contract/feeds/views.ts";
import { feedLimits } from "../../contract/feeds/endpoints.ts";
import { UserStatus, WorkStatus, WorkType } from "../../contract/shared/kinds.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let author: Session;
let other: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [, author, other],
    node,
  } = await apiWith("owner", "painter", "critic"));
});
afterEach(async () => t.close());

const MIN = 60_000;
let clock = 0;
/** A live work, each a minute newer than the last; `open` lets machines read it (not noai). */
async function work(
  title: string,
  o: { open?: boolean; type?: number; content?: string; by?: Session; nodeId?: number } = {},
) {
  clock += MIN;
  const id = await insertWork(t, {
    userId: (o.by ?? author).user.id,
    nodeId: o.nodeId ?? node,
    type: o.type ?? WorkType.article,
    title,
    content: o.content ?? `# ${title}\n\n正文`,
    createdAt: t.now() - 100 * MIN + clock,
  });
  if (o.open) await t.db.updateTable("works").set({ noai: 0 }).where("id", "=", id).execute();
  return id;
}
const feed = async (path: string) => {
  const res = await t.call<FeedView>("GET", `/api/feed/${path}`);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
};
const titles = async (path: string) => (await feed(path)).items.map((i) => i.title);
const setStatus = (id: number, status: number) =>
  t.db.updateTable("works").set({ status }).where("id", "=", id).execute();

describe("feeds", () => {
  it("carry the newest live works, never a hidden, deleted, scheduled or review one", async () => {
    const [, hidden, deleted, scheduled, review] = [
      await work("晨雾"),
      await work("藏起来的"),
      await work("删掉的"),
      await work("定时的"),
      await work("待审核的"),
    ];
    await work("黄昏");
    await setStatus(hidden, WorkStatus.hidden);
    await setStatus(deleted, WorkStatus.deleted);
    await setStatus(scheduled, WorkStatus.scheduled);
    await setStatus(review, WorkStatus.review);
    expect(await titles("latest")).toEqual(["黄昏", "晨雾"]);
    // Not even to their author, asking with their own session.
    const mine = await t.send(api.feeds.user, { params: { id: author.user.id } }, { token: author.token });
    expect(mine.body.data.items.map((i) => i.title)).toEqual(["黄昏", "晨雾"]);
  });

  it("carry the whole text only when the author lets machines read the work", async () => {
    const open = await work("可以读", { open: true, content: "## 小标题\n\n正文" });
    // Its card's summary is public, as on every listing; what lies past it is not.
    const kept = await work("不许读", { content: `## 秘密\n\n${"前言。".repeat(200)}结尾的秘密` });
    // A repost of a kept work, though the reposter ticked 允许: the source's choice holds.
    const repost = await work("转载的", { open: true, by: other, content: "转载全文" });
    await t.db
      .updateTable("works")
      .set({ source_url: `http://localhost:3000/art/${kept}`, source_work_id: kept })
      .where("id", "=", repost)
      .execute();
    const items = new Map((await feed("latest")).items.map((i) => [i.artId, i]));
    expect(items.get(open)!.html).toContain("<h2>小标题</h2>");
    expect(items.get(kept)!.html).toBeNull();
    expect(JSON.stringify(items.get(kept))).not.toContain("结尾的秘密");
    expect(items.get(repost)!.html).toBeNull();
  });

  it("escape a post's plain text and keep script out of an article", async () => {
    const post = await work("", { open: true, type: WorkType.post, content: "<script>alert(1)</script>\n第二行" });
    const article = await work("文章", {
      open: true,
      content: "<img src=x onerror=alert(1)> [点](javascript:alert(1))",
    });
    const items = new Map((await feed("latest")).items.map((i) => [i.artId, i]));
    expect(items.get(post)!.html).toBe("<p>&#60;script&#62;alert(1)&#60;/script&#62;<br>第二行</p>");
    expect(items.get(article)!.html).not.toMatch(/<img|<script|href="javascript/);
  });

  it("follow a node, a tag, a member, a chart and a search", async () => {
    const elsewhere = await insertNode(t, "摄影");
    const here = await work("插画一张");
    await work("一张照片", { nodeId: elsewhere, by: other });
    const tag = await t.db
      .insertInto("tags")
      .values({ name: "水彩", name_key: "水彩", created_at: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("work_tags").values({ work_id: here, tag_id: tag.id }).execute();
    expect(await feed(`node/${node}`)).toMatchObject({
      title: "插画",
      description: "“插画”节点新发布的作品",
      path: `/arts/node/${node}`,
    });
    expect(await titles(`node/${node}`)).toEqual(["插画一张"]);
    expect(await titles(`tag/${tag.id}`)).toEqual(["插画一张"]);
    expect(await feed(`user/${other.user.id}`)).toMatchObject({ title: `${other.user.nickname}的作品` });
    expect(await titles(`user/${other.user.id}`)).toEqual(["一张照片"]);
    expect(await feed("chart/week")).toMatchObject({ title: "排行榜 · 周榜", path: "/charts?period=week" });
    expect(await feed(`chart/day?nodeId=${elsewhere}`)).toMatchObject({
      title: "排行榜 · 摄影 · 日榜",
      path: `/charts?period=day&nodeId=${elsewhere}`,
    });
    expect(await titles(`search?q=${encodeURIComponent("照片")}`)).toEqual(["一张照片"]);
  });

  it("hold at most a feed's worth of works", async () => {
    for (let i = 0; i < feedLimits.items + 3; i++) await work(`第${i}幅`);
    expect((await feed("latest")).items).toHaveLength(feedLimits.items);
  });

  it("refuse what they cannot follow with a Chinese message", async () => {
    const refused = async (path: string, status: number, message: string) => {
      const res = await t.call("GET", `/api/feed/${path}`);
      expect([res.status, res.body.message]).toEqual([status, message]);
    };
    await refused("node/9999", 404, "节点不存在");
    await refused("tag/9999", 404, "标签不存在");
    await t.db.updateTable("users").set({ status: UserStatus.disabled }).where("id", "=", other.user.id).execute();
    await refused(`user/${other.user.id}`, 404, "用户不存在");
    await refused("search", 400, "请输入搜索关键词");
    await refused(`search?q=${"长".repeat(31)}`, 400, "搜索关键词不能超过30个字");
    expect((await t.call("GET", "/api/feed/chart/year")).status).toBe(404);
    await refused("chart/day?nodeId=9999", 404, "节点不存在");
    expect((await t.send(api.feeds.node, { params: { id: "abc" } })).status).toBe(400);
  });
});
