import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let author: Session;
let paint: number;
let photo: number;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup();
  author = await t.signup();
  [paint, photo] = [await insertNode(t, "插画"), await insertNode(t, "摄影")];
});
afterEach(async () => t.close());

const save = (body: Record<string, string>, token = me.token) => t.send(api.account.saveTaste, { body }, { token });
const recommended = async (token?: string, cursor = "") =>
  (await t.call<Page<WorkCardView>>("GET", `/api/art/list?order=recommend&cursor=${cursor}`, { token })).body.data;

describe("my taste", () => {
  it("is saved whole and read back", async () => {
    const res = await save({ lovedNodes: `${paint}`, mutedNodes: `${photo}` });
    expect(res.body.data).toEqual({
      lovedNodes: [paint],
      mutedNodes: [photo],
      lovedTags: [],
      mutedTags: [],
      hideAi: false,
    });
    expect((await t.send(api.account.taste, {}, { token: me.token })).body.data.mutedNodes).toEqual([photo]);
    expect((await save({})).body.data.lovedNodes).toEqual([]);
  });

  it("refuses loving and muting one node, a node that does not exist, too many and a visitor", async () => {
    await save({ lovedNodes: `${paint}` });
    for (const [body, message] of [
      [{ lovedNodes: `${paint}`, mutedNodes: `${paint}` }, "同一个节点不能既喜欢又屏蔽"],
      [{ lovedNodes: "999999" }, "节点不存在"],
      [{ lovedTags: "abc" }, "喜欢的标签无效"],
      [{ mutedTags: Array.from({ length: 31 }, (_, i) => i + 1).join(",") }, "屏蔽的标签最多选30个"],
    ] as const) {
      const res = await save(body);
      expect([res.body.success, res.body.message]).toEqual([false, message]);
    }
    expect((await t.send(api.account.taste, {}, { token: me.token })).body.data.lovedNodes).toEqual([paint]);
    expect((await t.send(api.account.saveTaste, { body: { lovedNodes: `${paint}` } })).status).toBe(401);
  });
});

describe("the recommended list with a taste", () => {
  it("drops muted nodes, lifts loved ones, and leaves visitors the plain ranking", async () => {
    const best = await insertWork(t, { userId: author.user.id, nodeId: photo, score: 100 });
    const good = await insertWork(t, { userId: author.user.id, nodeId: paint, score: 80 });
    const fine = await insertWork(t, { userId: author.user.id, nodeId: null, score: 60 });
    const ids = (p: Page<WorkCardView>) => p.results.map((w) => w.artId);
    expect(ids(await recommended())).toEqual([best, good, fine]);
    await save({ lovedNodes: `${paint}` });
    expect(ids(await recommended(me.token))).toEqual([good, best, fine]);
    await save({ lovedNodes: `${paint}`, mutedNodes: `${photo}` });
    expect(ids(await recommended(me.token))).toEqual([good, fine]);
    expect(ids(await recommended())).toEqual([best, good, fine]);
  });

  it("leaves works labelled AI 生成 out for one who hides them, in recommended and new horizons alike", async () => {
    const made = await insertWork(t, { userId: author.user.id, nodeId: paint, score: 100 });
    const helped = await insertWork(t, { userId: author.user.id, nodeId: paint, score: 90 });
    const drawn = await insertWork(t, { userId: author.user.id, nodeId: photo, score: 80 });
    await t.db.updateTable("works").set({ ai_label: 2 }).where("id", "=", made).execute();
    await t.db.updateTable("works").set({ ai_label: 1 }).where("id", "=", helped).execute();
    const ids = (p: Page<WorkCardView>) => p.results.map((w) => w.artId);
    const different = async (token?: string) =>
      ids((await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=different", { token })).body.data).sort();
    expect((await save({ hideAi: "on" })).body.data.hideAi).toBe(true);
    expect(ids(await recommended(me.token))).toEqual([helped, drawn]);
    expect(await different(me.token)).toEqual([helped, drawn].sort());
    // Others, and visitors, still see it; saving without the box brings it back.
    expect(ids(await recommended(author.token))).toEqual([made, helped, drawn]);
    expect(await different()).toEqual([made, helped, drawn].sort());
    expect((await save({})).body.data.hideAi).toBe(false);
    expect(ids(await recommended(me.token))).toEqual([made, helped, drawn]);
  });

  it("pages through the re-ranked pool and beyond it without repeats, leaving muted works out", async () => {
    for (let i = 0; i < 300; i++)
      await insertWork(t, { userId: author.user.id, nodeId: i % 3 ? paint : photo, score: 1000 - i });
    await save({ mutedNodes: `${photo}` });
    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor = "";
    do {
      const page = await recommended(me.token, encodeURIComponent(cursor));
      seen.push(...page.results.map((w) => w.artId));
      sizes.push(page.results.length);
      cursor = page.cursor;
    } while (cursor && sizes.length < 30);
    expect(seen.length).toBe(200);
    expect(new Set(seen).size).toBe(200);
    expect(cursor).toBe("");
    // Pages past the re-ranked pool read on past muted works until they are full.
    const beyond = sizes.slice(Math.ceil(160 / 24));
    expect(beyond.slice(0, -1).every((n) => n === 24)).toBe(true);
  });

  it("keeps muted works out of new horizons", async () => {
    for (let i = 0; i < 6; i++)
      await insertWork(t, { userId: author.user.id, nodeId: i % 2 ? paint : photo, score: 10 });
    await save({ mutedNodes: `${photo}` });
    const res = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=different", { token: me.token });
    expect(res.body.data.results).toHaveLength(3);
    expect(res.body.data.results.every((w) => w.node?.nodeId === paint)).toBe(true);
  });
});
