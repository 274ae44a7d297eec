import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertUser, insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { Numbered, Page } from "../../contract/shared/page.ts";
import type { TagView } from "../../contract/site/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import { interleaveByNode } from "../services/browse/browse.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let author: number;
let nodeA: number;
let nodeB: number;
beforeEach(async () => {
  t = await startApi();
  author = await insertUser(t, "maker");
  nodeA = await insertNode(t, "插画");
  nodeB = await insertNode(t, "摄影");
});
afterEach(async () => t.close());

async function tag(workId: number, name: string) {
  await t.db
    .insertInto("tags")
    .values({ name, name_key: name.toLowerCase(), created_at: 0 })
    .onConflict((oc) => oc.column("name_key").doNothing())
    .execute();
  const row = await t.db
    .selectFrom("tags")
    .select("id")
    .where("name_key", "=", name.toLowerCase())
    .executeTakeFirstOrThrow();
  await t.db.insertInto("work_tags").values({ work_id: workId, tag_id: row.id }).execute();
  await t.db
    .updateTable("tags")
    .set((eb) => ({ work_count: eb("work_count", "+", 1) }))
    .where("id", "=", row.id)
    .execute();
  return row.id;
}

describe("listings by kind and tag", () => {
  it("filters by kind and by tag", async () => {
    const article = await insertWork(t, { userId: author, type: 0, title: "文" });
    const post = await insertWork(t, { userId: author, type: 1 });
    const tagId = await tag(post, "水彩");
    const byType = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest&type=0");
    expect(byType.body.data.results.map((w) => w.artId)).toEqual([article]);
    const byTag = await t.call<Page<WorkCardView>>("GET", `/api/art/list?order=newest&tagId=${tagId}`);
    expect(byTag.body.data.results.map((w) => w.artId)).toEqual([post]);
    expect((await t.send(api.works.list, { query: { type: "7" } })).body.message).toBe("作品类型无效");
  });

  it("numbers pages of 24 with a total, and a page past the end is 404", async () => {
    for (let i = 0; i < 30; i++)
      await insertWork(t, { userId: author, type: 2, title: `项目${i}`, createdAt: t.now() + i });
    const one = await t.call<Numbered<WorkCardView>>("GET", "/api/art/pages?type=2&page=1");
    expect(one.body.data).toMatchObject({ page: 1, totalPages: 2, total: 30 });
    expect(one.body.data.results[0].title).toBe("项目29");
    const two = await t.call<Numbered<WorkCardView>>("GET", "/api/art/pages?type=2&page=2");
    expect(two.body.data.results).toHaveLength(6);
    expect((await t.send(api.works.pages, { query: { type: "2", page: "3" } })).status).toBe(404);
    expect((await t.send(api.works.pages, { query: { type: "2", page: "0" } })).body.message).toBe("页码无效");
  });

  it("lists tags by how many works carry them, and tells one tag", async () => {
    const w1 = await insertWork(t, { userId: author });
    const w2 = await insertWork(t, { userId: author });
    await tag(w1, "风景");
    const popular = await tag(w1, "猫");
    await tag(w2, "猫");
    const res = await t.call<Numbered<TagView>>("GET", "/api/tag/list");
    expect(res.body.data.results.map((x) => [x.name, x.workCount])).toEqual([
      ["猫", 2],
      ["风景", 1],
    ]);
    expect((await t.send(api.site.tag, { params: { id: popular } })).body.data).toEqual({
      tagId: popular,
      name: "猫",
      workCount: 2,
    });
    expect((await t.send(api.site.tag, { params: { id: 9999 } })).status).toBe(404);
  });
});

describe("new horizons", () => {
  it("gives a visitor a mix dealt out by node", async () => {
    for (let i = 0; i < 3; i++) await insertWork(t, { userId: author, nodeId: nodeA, score: 10 - i });
    for (let i = 0; i < 3; i++) await insertWork(t, { userId: author, nodeId: nodeB, score: 5 - i });
    const res = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=different");
    expect(res.body.data.results.map((w) => w.node?.nodeId)).toEqual([nodeA, nodeB, nodeA, nodeB, nodeA, nodeB]);
  });

  it("shows a member works from outside their nodes and people first", async () => {
    const viewer = await t.signup();
    const known = await insertUser(t, "known");
    const stranger = await insertUser(t, "stranger");
    const liked = await insertWork(t, { userId: known, nodeId: nodeA, score: 9 });
    await t.db.insertInto("likes").values({ user_id: viewer.user.id, work_id: liked, created_at: 0 }).execute();
    const familiarNode = await insertWork(t, { userId: stranger, nodeId: nodeA, score: 8 });
    const familiarPerson = await insertWork(t, { userId: known, nodeId: nodeB, score: 7 });
    const fresh = await insertWork(t, { userId: stranger, nodeId: nodeB, score: 1 });
    const res = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=different", { token: viewer.token });
    const ids = res.body.data.results.map((w) => w.artId);
    expect(ids[0]).toBe(fresh);
    expect(new Set(ids)).toEqual(new Set([fresh, liked, familiarNode, familiarPerson]));
  });

  it("leaves out works older than a month and pages with a cursor", async () => {
    await insertWork(t, { userId: author, nodeId: nodeA, createdAt: t.now() - 31 * 86_400_000 });
    for (let i = 0; i < 30; i++) await insertWork(t, { userId: author, nodeId: i % 2 ? nodeA : nodeB, score: i });
    const one = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=different");
    expect(one.body.data.results).toHaveLength(24);
    const two = await t.call<Page<WorkCardView>>("GET", `/api/art/list?order=different&cursor=${one.body.data.cursor}`);
    expect(two.body.data.results).toHaveLength(6);
    expect(two.body.data.hasMore).toBe(false);
  });
});

describe("interleaveByNode", () => {
  it("keeps each node's order and alternates nodes", () => {
    const w = (id: number, node: number | null) => ({ id, node_id: node });
    expect(interleaveByNode([w(1, 1), w(2, 1), w(3, 1), w(4, 2), w(5, null)]).map((x) => x.id)).toEqual([
      1, 4, 5, 2, 3,
    ]);
  });
});
