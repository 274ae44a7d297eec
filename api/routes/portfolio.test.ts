import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let other: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [me, other],
    node,
  } = await apiWith("painter", "stranger"));
});
afterEach(async () => t.close());

const profile = async (id = me.user.id, token?: string) =>
  (await t.send(api.people.profile, { params: { id } }, { token })).body.data;
const save = (body: Record<string, string>, token = me.token) => t.send(api.people.portfolio, { body }, { token });
const publish = async (title: string, token = me.token) =>
  (await t.send(api.works.create, { body: { type: 0, nodeId: node, title, content: "正文" } }, { token })).body.data
    .artId;
const pin = (workId: number, on: boolean, token = me.token) =>
  t.send(api.people.pin, { body: { workId, on: on ? "1" : "0" } }, { token });
const pinned = async (id = me.user.id) =>
  (await t.send(api.people.pinned, { params: { id } })).body.data.map((w) => w.title);

describe("a profile as a portfolio", () => {
  it("says where they are, what they do, whether they take commissions, and their pages elsewhere", async () => {
    expect((await profile()).portfolio).toEqual({ city: "", occupation: "", commission: null, links: [], pinned: [] });
    const res = await save({
      city: "杭州",
      occupation: "插画师",
      commission: "open",
      commissionNote: "接头像和封面，排期两周",
      weibo: "https://weibo.com/u/123",
      bilibili: "https://space.bilibili.com/42",
      site: "https://painter.example.com",
    });
    expect(res.body.success).toBe(true);
    expect((await profile(me.user.id, other.token)).portfolio).toEqual({
      city: "杭州",
      occupation: "插画师",
      commission: { open: true, note: "接头像和封面，排期两周" },
      links: [
        { key: "weibo", url: "https://weibo.com/u/123" },
        { key: "bilibili", url: "https://space.bilibili.com/42" },
        { key: "site", url: "https://painter.example.com" },
      ],
      pinned: [],
    });
    // Closed: the note goes with the state; unsaid: no state at all.
    await save({ commission: "closed" });
    expect((await profile()).portfolio.commission).toEqual({ open: false, note: "" });
  });

  it("refuses a platform's link that leads elsewhere, a script address and an unknown state, changing nothing", async () => {
    await save({ city: "上海" });
    for (const [body, message] of [
      [{ weibo: "https://weibo.com.evil.example/u/1" }, "微博链接需是 weibo.com 的地址"],
      [{ zcool: "https://evil.example/?zcool.com.cn" }, "站酷链接需是 zcool.com.cn 的地址"],
      [{ site: "javascript:alert(1)" }, "个人网站需以 http:// 或 https:// 开头"],
      [{ commission: "maybe" }, "接稿状态无效"],
      [{ city: "城".repeat(21) }, "城市不能超过20个字符"],
    ] as const) {
      const res = await save({ city: "北京", ...body });
      expect(res.status, message).toBe(400);
      const fields = (res.body.data as unknown as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
      expect(Object.values(fields ?? {})).toContain(message);
    }
    expect((await profile()).portfolio.city).toBe("上海");
    expect((await t.send(api.people.portfolio, { body: { city: "广州" } })).status).toBe(401);
  });

  it("pins the member's own works on top, in the order pinned: three at first, six from level 3", async () => {
    const ids = [];
    for (let i = 1; i <= 7; i++) ids.push(await publish(`作品${i}`));
    for (const id of ids.slice(0, 3)) await pin(id, true);
    expect((await pin(ids[3], true)).body.message).toBe("你的等级最多置顶3件作品，升级后可以置顶更多");
    for (const id of ids.slice(0, 3)) await pin(id, false);
    await t.db.updateTable("users").set({ score: 200 }).where("id", "=", me.user.id).execute();
    for (const id of [ids[2], ids[0], ids[5]]) expect((await pin(id, true)).body.success).toBe(true);
    expect(await pinned()).toEqual(["作品3", "作品1", "作品6"]);
    // Pinning again moves nothing but it to the end; unpinning takes it off.
    await pin(ids[2], true);
    await pin(ids[0], false);
    expect(await pinned()).toEqual(["作品6", "作品3"]);
    for (const id of [ids[1], ids[3], ids[4], ids[6]]) await pin(id, true);
    const seventh = await pin(ids[0], true);
    expect(seventh.body.message).toBe("最多置顶6件作品，请先取消一件");
    expect((await profile()).portfolio.pinned).toHaveLength(6);
    // Not someone else's work; and a deleted one drops out.
    const theirs = await publish("别人的", other.token);
    expect((await pin(theirs, true)).body.message).toBe("只能置顶自己的作品");
    await t.send(api.works.delete, { params: { id: ids[5] } }, { token: me.token });
    expect(await pinned()).not.toContain("作品6");
  });

  it("keeps every pin that says so when six arrive at once", async () => {
    await t.db.updateTable("users").set({ score: 200 }).where("id", "=", me.user.id).execute();
    const ids = [];
    for (let i = 1; i <= 6; i++) ids.push(await publish(`同时${i}`));
    const answers = await Promise.all(ids.map((id) => pin(id, true)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect((await pinned()).sort()).toEqual(ids.map((_, i) => `同时${i + 1}`).sort());
  });
});
