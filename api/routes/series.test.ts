import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { seriesLimits } from "../../contract/shared/limits.ts";
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

const publish = async (title: string, token = me.token) =>
  (await t.send(api.works.create, { body: { type: 0, nodeId: node, title, content: `${title}的正文` } }, { token }))
    .body.data.artId;
const create = (body: Record<string, string>, token = me.token) => t.send(api.series.create, { body }, { token });
const add = (id: number, workId: number, token = me.token) =>
  t.send(api.series.add, { params: { id }, body: { workId } }, { token });
const one = async (id: number) => (await t.send(api.series.one, { params: { id } })).body.data;
// The series a work is in come with the work's page (contract/works/work-page.ts).
const around = async (workId: number) =>
  (await t.send(api.works.detail, { params: { id: workId } })).body.data.seriesAround;

describe("a series", () => {
  it("holds its author's works in the order they choose, and a work may be in several", async () => {
    const [a, b, c] = [await publish("第一话"), await publish("第二话"), await publish("第三话")];
    const { seriesId } = (await create({ title: "四季连载", description: "一年四季的小故事" })).body.data;
    for (const w of [a, b, c]) expect((await add(seriesId, w)).body.success).toBe(true);
    // Adding again changes nothing.
    expect((await add(seriesId, b)).body.data.workCount).toBe(3);
    let s = await one(seriesId);
    expect(s).toMatchObject({ title: "四季连载", description: "一年四季的小故事", workCount: 3 });
    expect(s.user.username).toBe("painter");
    expect(s.works.map((w) => w.title)).toEqual(["第一话", "第二话", "第三话"]);
    await t.send(api.series.move, { params: { id: seriesId }, body: { workId: c, by: -1 } }, { token: me.token });
    s = await one(seriesId);
    expect(s.works.map((w) => w.artId)).toEqual([a, c, b]);
    expect(await around(c)).toEqual([
      {
        seriesId,
        title: "四季连载",
        position: 2,
        workCount: 3,
        prev: { artId: a, title: "第一话" },
        next: { artId: b, title: "第二话" },
      },
    ]);
    const second = (await create({ title: "精选" })).body.data.seriesId;
    await add(second, c);
    expect((await around(c)).map((x) => x.title)).toEqual(["四季连载", "精选"]);
    const mine = (await t.send(api.series.ofUser, { params: { userId: me.user.id } })).body.data;
    expect(mine.map((x) => [x.title, x.workCount])).toEqual([
      ["精选", 1],
      ["四季连载", 3],
    ]);
    await t.send(api.series.take, { params: { id: seriesId }, body: { workId: a } }, { token: me.token });
    expect((await one(seriesId)).works.map((w) => w.artId)).toEqual([c, b]);
    expect((await around(c))[0].prev).toBeNull();
  });

  it("is only its author's to change, and holds only their own works", async () => {
    const mine = await publish("我的画");
    const theirs = await publish("别人的画", other.token);
    const { seriesId } = (await create({ title: "我的合集" })).body.data;
    expect((await add(seriesId, theirs)).body.message).toBe("只能把自己的作品加入合集");
    await add(seriesId, mine);
    for (const [path, body] of [
      ["add", { workId: theirs }],
      ["take", { workId: mine }],
      ["move", { workId: mine, by: 1 }],
      ["update", { title: "改名" }],
      ["delete", {}],
    ] as const) {
      const res = await t.call("POST", `/api/series/${seriesId}/${path}`, { body, token: other.token });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe("只能修改自己的合集");
    }
    expect((await one(seriesId)).works.map((w) => w.artId)).toEqual([mine]);
    expect((await t.send(api.series.create, { body: { title: "访客" } })).status).toBe(401);
  });

  it("refuses a title missing or too long in Chinese, and more series than a member may keep", async () => {
    expect((await create({ title: "" })).body.message).toBe("请输入合集名称");
    expect((await create({ title: "长".repeat(seriesLimits.title + 1) })).body.message).toBe(
      `合集名称不能超过${seriesLimits.title}个字符`,
    );
    expect((await create({ title: "好", description: "字".repeat(seriesLimits.description + 1) })).status).toBe(400);
    // A newcomer keeps five; the more their score, the more (contract/scores/growth.ts), up to the hard limit.
    for (let i = 0; i < 5; i++) expect((await create({ title: `合集${i}` })).body.success).toBe(true);
    expect((await create({ title: "再来一个" })).body.message).toBe("你的等级最多可建5个合集，升级后可以建更多");
    await t.db.updateTable("users").set({ score: 8000 }).where("id", "=", me.user.id).execute();
    for (let i = 5; i < seriesLimits.perMember; i++)
      expect((await create({ title: `合集${i}` })).body.success).toBe(true);
    expect((await create({ title: "再来一个" })).body.message).toBe(
      `合集最多${seriesLimits.perMember}个，请先整理已有的合集`,
    );
  });

  it("lets a deleted work go from every series it was in, and is gone when deleted", async () => {
    const [a, b] = [await publish("留下的"), await publish("删掉的")];
    const { seriesId } = (await create({ title: "会变的合集" })).body.data;
    await add(seriesId, a);
    await add(seriesId, b);
    await t.send(api.works.delete, { params: { id: b } }, { token: me.token });
    const s = await one(seriesId);
    expect([s.workCount, s.works.map((w) => w.artId)]).toEqual([1, [a]]);
    expect((await t.send(api.series.remove, { params: { id: seriesId } }, { token: me.token })).body.success).toBe(
      true,
    );
    expect((await t.send(api.series.one, { params: { id: seriesId } })).status).toBe(404);
    expect(await around(a)).toEqual([]);
  });
});
