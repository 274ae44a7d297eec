import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, countRows, insertWork, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { curationLimits } from "../../contract/shared/limits.ts";
import * as api from "../../contract/endpoints.ts";

/** 编辑精选 and followed tags (issue 59 part 3), on SQLite and PostgreSQL. */
let t: TestApi;
let owner: Session;
let painter: Session;
let reader: Session;
let stranger: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [owner, painter, reader, stranger],
    node,
  } = await apiWith("owner", "painter", "reader", "stranger"));
  await t.season();
});
afterEach(async () => t.close());

const publish = async (who: Session, title: string, tags = "") => {
  const r = await t.send(
    api.works.create,
    { body: { type: 0, nodeId: node, title, content: "正文", tags } },
    {
      token: who.token,
    },
  );
  expect(r.body.success, r.body.message).toBe(true);
  t.setNow(t.now() + 1000);
  return r.body.data.artId;
};
const pick = (id: number, reason: string, who = owner) =>
  t.send(api.admin.recommend, { params: { id }, body: { reason } }, { token: who.token });
const picks = async (cursor?: string) => (await t.send(api.curation.picks, { query: { cursor } })).body.data;
const notices = async (who: Session) =>
  (await t.send(api.inbox.notifications, { query: {} }, { token: who.token })).body.data.results;

describe("编辑精选", () => {
  it("lists the picked works the latest picked first, each with its reason, and tells the author once", async () => {
    const a = await publish(painter, "晨光");
    const b = await publish(stranger, "夜色");
    expect((await pick(a, "光影层次细腻")).body.success).toBe(true);
    t.setNow(t.now() + 1000);
    await pick(b, "");
    let list = await picks();
    expect(list.results.map((p) => [p.work.title, p.reason])).toEqual([
      ["夜色", ""],
      ["晨光", "光影层次细腻"],
    ]);
    const page = (await t.send(api.works.detail, { params: { id: a } })).body.data;
    expect(page).toMatchObject({ recommended: true, recommendReason: "光影层次细腻" });
    expect((await notices(painter)).find((n) => n.kind === "recommend")?.detail).toBe("光影层次细腻");
    // Picked again with a new reason: its place stays, its reason changes, the author is not told twice.
    t.setNow(t.now() + 1000);
    await pick(a, "色彩更正");
    list = await picks();
    expect(list.results.map((p) => [p.work.title, p.reason])).toEqual([
      ["夜色", ""],
      ["晨光", "色彩更正"],
    ]);
    expect((await notices(painter)).filter((n) => n.kind === "recommend")).toHaveLength(1);
    // Taken out, it leaves the listing and its reason goes.
    await t.send(api.admin.unrecommend, { params: { id: a } }, { token: owner.token });
    expect((await picks()).results.map((p) => p.work.title)).toEqual(["夜色"]);
    expect((await t.send(api.works.detail, { params: { id: a } })).body.data.recommendReason).toBe("");
  });

  it("pages by cursor without showing a work twice, and leaves out a deleted one", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await insertWork(t, { userId: painter.user.id, title: `作品${i}` }));
    // Picked in one moment, two by two: the id breaks the tie.
    for (const [i, id] of ids.entries())
      await t.db
        .updateTable("works")
        .set({ recommended_at: 1000 + Math.floor(i / 2), recommend_reason: `理由${i}` })
        .where("id", "=", id)
        .execute();
    await t.send(api.works.delete, { params: { id: ids[29] } }, { token: painter.token });
    const seen: string[] = [];
    let page = await picks();
    seen.push(...page.results.map((p) => p.work.title));
    expect(page.hasMore).toBe(true);
    page = await picks(page.cursor);
    seen.push(...page.results.map((p) => p.work.title));
    expect(page.hasMore).toBe(false);
    expect(seen).toEqual([...Array(29).keys()].reverse().map((i) => `作品${i}`));
  });

  it("is the staff's alone, and a reason is one line within its length", async () => {
    const a = await publish(painter, "晨光");
    const refused = await pick(a, "好", reader);
    expect(refused.status === 200 && refused.body.success).toBe(false);
    const long = await pick(a, "长".repeat(curationLimits.reason + 1));
    expect(long.body.success).toBe(false);
    expect(long.body.message).toContain("精选理由不能超过");
    expect((await picks()).results).toEqual([]);
  });
});

const follow = (tagId: number, who = reader) =>
  t.send(api.curation.followTag, { body: { tagId } }, { token: who.token });
const feed = async (who = reader, cursor?: string) =>
  (await t.send(api.works.list, { query: { following: "1", order: "newest", cursor } }, { token: who.token })).body
    .data;
const tagId = async (name: string) =>
  (await t.db.selectFrom("tags").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

describe("following a tag", () => {
  it("brings the tag's works into /follow beside the people followed, newest first, and lists the tag", async () => {
    await publish(stranger, "无关的画");
    const w1 = await publish(stranger, "水彩一", "水彩");
    await publish(painter, "关注的人");
    await publish(stranger, "水彩二", "水彩,风景");
    const watercolor = await tagId("水彩");
    expect((await follow(watercolor)).body.data).toEqual({ followed: true, followerCount: 1 });
    // Twice changes nothing.
    expect((await follow(watercolor)).body.data.followerCount).toBe(1);
    await t.send(api.people.follow, { body: { userId: painter.user.id } }, { token: reader.token });
    expect((await feed()).results.map((w) => w.title)).toEqual(["水彩二", "关注的人", "水彩一"]);
    const tags = (await t.send(api.curation.followedTags, { params: { userId: reader.user.id } })).body.data;
    expect(tags.map((x) => [x.name, x.workCount])).toEqual([["水彩", 2]]);
    const state = await t.send(api.curation.tagFollowState, { query: { tagId: watercolor } }, { token: reader.token });
    expect(state.body.data).toEqual({ followed: true, followerCount: 1 });
    await t.send(api.curation.unfollowTag, { body: { tagId: watercolor } }, { token: reader.token });
    expect((await feed()).results.map((w) => w.title)).toEqual(["关注的人"]);
    expect(w1).toBeGreaterThan(0);
  });

  it("pages a feed of tags and people by cursor, each work once even when both bring it", async () => {
    for (let i = 0; i < 30; i++) await publish(i % 2 ? painter : stranger, `第${i}幅`, i % 3 ? "速写" : "");
    await follow(await tagId("速写"));
    await t.send(api.people.follow, { body: { userId: painter.user.id } }, { token: reader.token });
    const seen: string[] = [];
    let page = await feed();
    seen.push(...page.results.map((w) => w.title));
    while (page.hasMore) {
      page = await feed(reader, page.cursor);
      seen.push(...page.results.map((w) => w.title));
    }
    const expected = [...Array(30).keys()]
      .reverse()
      .filter((i) => i % 2 || i % 3)
      .map((i) => `第${i}幅`);
    expect(seen).toEqual(expected);
  });

  it("refuses a visitor, an unknown tag and more than the limit", async () => {
    const id = (await publish(stranger, "水彩", "水彩")) && (await tagId("水彩"));
    expect((await t.send(api.curation.followTag, { body: { tagId: id } })).body.success).toBe(false);
    const missing = await follow(999_999);
    expect([missing.body.success, missing.body.message]).toEqual([false, "标签不存在"]);
    const rows = [];
    for (let i = 0; i < curationLimits.tagsFollowed; i++)
      rows.push({ name: `标签${i}`, name_key: `标签${i}`, created_at: 1 });
    await t.db.insertInto("tags").values(rows).execute();
    const ids = await t.db.selectFrom("tags").select("id").where("name", "like", "标签%").execute();
    await t.db
      .insertInto("tag_follows")
      .values(ids.map((r) => ({ user_id: reader.user.id, tag_id: r.id, created_at: 1 })))
      .execute();
    const over = await follow(id);
    expect(over.body.success).toBe(false);
    // Room for one more, asked for five times at once: one is taken.
    await t.db.deleteFrom("tag_follows").where("tag_id", "=", ids[0].id).execute();
    const more = (
      await t.db
        .insertInto("tags")
        .values([1, 2, 3, 4].map((i) => ({ name: `并发${i}`, name_key: `并发${i}`, created_at: 1 })))
        .returning("id")
        .execute()
    ).map((r) => r.id);
    const raced = await Promise.all([id, ...more].map((tagId) => follow(tagId)));
    expect(raced.filter((r) => r.body.success)).toHaveLength(1);
    expect(over.body.message).toContain(`最多关注${curationLimits.tagsFollowed}个标签`);
    expect(await countRows(t, "tag_follows")).toBe(curationLimits.tagsFollowed);
  });
});
