import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUser, insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { PersonView } from "../../contract/people/views.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import { rankScore } from "../services/browse/ranking.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let viewer: Session;
let workId: number;
beforeEach(async () => {
  t = await startApi();
  viewer = await t.signup();
  workId = await insertWork(t, { userId: await insertUser(t, "artist") });
  await t.season();
});
afterEach(async () => t.close());

const work = async (token?: string) =>
  (await t.send(api.works.detail, { params: { id: workId } }, { token })).body.data;

describe("likes", () => {
  it("sets liked and adds one (requirements §4); a repeat changes nothing; unlike takes it back", async () => {
    const res = await t.send(api.works.like, { params: { id: workId } }, { token: viewer.token });
    expect(res.body).toMatchObject({ success: true, data: { liked: true, likeCount: 1 } });
    expect((await t.send(api.works.like, { params: { id: workId } }, { token: viewer.token })).body.data).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await work(viewer.token)).toMatchObject({ liked: true, likeCount: 1 });
    expect((await t.send(api.works.unlike, { params: { id: workId } }, { token: viewer.token })).body.data).toEqual({
      liked: false,
      likeCount: 0,
    });
    expect((await t.send(api.works.unlike, { params: { id: workId } }, { token: viewer.token })).body.data).toEqual({
      liked: false,
      likeCount: 0,
    });
  });

  it("stays exact under parallel requests from many people", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => t.signup()));
    await t.season();
    await Promise.all(
      people.flatMap((p) =>
        [1, 2, 3].map(() => t.send(api.works.like, { params: { id: workId } }, { token: p.token })),
      ),
    );
    const detail = await work();
    expect(detail.likeCount).toBe(8);
    const rows = await t.db.selectFrom("likes").select("user_id").where("work_id", "=", workId).execute();
    expect(rows).toHaveLength(8);
  });

  it("re-ranks the work as it earns likes", async () => {
    const before = await t.db
      .selectFrom("works")
      .select(["score", "created_at"])
      .where("id", "=", workId)
      .executeTakeFirstOrThrow();
    await t.send(api.works.like, { params: { id: workId } }, { token: viewer.token });
    const after = await t.db.selectFrom("works").select("score").where("id", "=", workId).executeTakeFirstOrThrow();
    expect(after.score).toBeCloseTo(rankScore({ likes: 1, favorites: 0, comments: 0 }, before.created_at), 9);
    expect(after.score).toBeGreaterThan(before.score);
  });

  it("needs sign-in and an existing work", async () => {
    const visitor = await t.send(api.works.like, { params: { id: workId } });
    expect(visitor).toMatchObject({ status: 401, body: { message: "请先登录" } });
    const missing = await t.send(api.works.like, { params: { id: 99999 } }, { token: viewer.token });
    expect(missing).toMatchObject({ status: 404, body: { message: "作品不存在或已删除" } });
    expect(await t.db.selectFrom("likes").selectAll().execute()).toEqual([]);
  });
});

describe("who liked a work (喜欢的人)", () => {
  const likers = (query = "", token?: string) =>
    t.call<Page<PersonView>>("GET", `/api/art/likers/${workId}${query}`, { token });

  it("lists the people who liked it, latest first, page by page, saying whom the viewer follows", async () => {
    const people = [];
    for (let i = 0; i < 26; i++) {
      const p = await t.signup();
      await t.send(api.works.like, { params: { id: workId } }, { token: p.token });
      people.push(p);
    }
    // One of them unlikes: they are not listed.
    await t.send(api.works.unlike, { params: { id: workId } }, { token: people[0].token });
    await t.send(api.people.follow, { body: { userId: people[25].user.id } }, { token: viewer.token });
    const first = (await likers("", viewer.token)).body.data;
    expect(first.results.map((p) => p.id)).toEqual(
      people
        .slice(1)
        .reverse()
        .slice(0, 24)
        .map((p) => p.user.id),
    );
    expect(first.results[0]).toMatchObject({ id: people[25].user.id, followed: true });
    expect(first.results[1].followed).toBe(false);
    expect(first.hasMore).toBe(true);
    const second = (await likers(`?cursor=${encodeURIComponent(first.cursor)}`)).body.data;
    expect(second.results.map((p) => p.id)).toEqual([people[1].user.id]);
    expect(second.hasMore).toBe(false);
  });

  it("answers 404 for a work that is missing or hidden, and refuses a bad cursor", async () => {
    expect(await t.send(api.works.likers, { params: { id: 99999 } })).toMatchObject({
      status: 404,
      body: { message: "作品不存在或已删除" },
    });
    await t.db.updateTable("works").set({ status: 1 }).where("id", "=", workId).execute();
    expect((await likers()).status).toBe(404);
    await t.db.updateTable("works").set({ status: 0 }).where("id", "=", workId).execute();
    expect((await likers(`?cursor=${"x".repeat(201)}`)).status).toBe(400);
  });
});

describe("favorites", () => {
  it("adds and removes, idempotently, and lists one's favorites newest first", async () => {
    const second = await insertWork(t, { userId: viewer.user.id });
    await t.send(api.works.favorite, { params: { id: workId } }, { token: viewer.token });
    t.setNow(t.now() + 1000);
    const res = await t.send(api.works.favorite, { params: { id: second } }, { token: viewer.token });
    expect(res.body.data).toEqual({ favorited: true, favoriteCount: 1 });
    await t.send(api.works.favorite, { params: { id: second } }, { token: viewer.token });
    expect(await work(viewer.token)).toMatchObject({ favorited: true, favoriteCount: 1 });
    const list = await t.call<Page<WorkCardView>>("GET", "/api/user/favorites", { token: viewer.token });
    expect(list.body.data.results.map((w) => w.artId)).toEqual([second, workId]);
    await t.send(api.works.unfavorite, { params: { id: workId } }, { token: viewer.token });
    expect((await work(viewer.token)).favorited).toBe(false);
    expect((await t.send(api.people.favorites, {})).status).toBe(401);
  });
});
