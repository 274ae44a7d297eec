import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrate.ts";
import { counterDrift } from "../db/queries/counts.ts";
import { freshDatabase, startWithCast, type TestApi } from "../test/harness.ts";
import type { BulkResult } from "../../contract/admin/views.ts";
import type { Session } from "../../contract/signin/views.ts";
import { WorkStatus } from "../../contract/shared/kinds.ts";
import * as api from "../../contract/endpoints.ts";

// What a work's crossing of the live line moves (its author's, node's and tags' counts of works, and the likes its
// author has received) is moved once, whoever crosses it and however many at once.
let t: TestApi;
let owner: Session;
let author: Session;
let reader: Session;
let nodeId: number;
beforeEach(async () => {
  ({ t, owner, author, reader, nodeId } = await startWithCast());
});
afterEach(async () => t.close());

const as = (s: Session) => ({ token: s.token });
const publish = async (content: string) =>
  (
    await t.call<{ artId: number }>("POST", "/api/art/create", {
      ...as(author),
      body: { type: 1, content, nodeId, tags: "水彩" },
    })
  ).body.data.artId;
const like = (who: Session, id: number, on = true) =>
  t.call("POST", `/api/art/${on ? "like" : "unlike"}/${id}`, as(who));
const moderate = (id: number, action: string) =>
  t.call<BulkResult>("POST", "/api/admin/works", { ...as(owner), body: { ids: String(id), action, reason: "测试" } });
const remove = (id: number) => t.call("POST", `/api/art/delete/${id}`, as(author));
const authorsProfile = async () => (await t.send(api.people.profile, { params: { id: author.user.id } })).body.data;
const likesReceived = async () => (await authorsProfile()).likeReceivedCount;
const status = async (id: number) =>
  (await t.db.selectFrom("works").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("the likes a member has received", () => {
  it("count the likes of their live works: a hidden or deleted work's likes leave, a restored one's come back", async () => {
    const [a, b] = [await publish("第一幅"), await publish("第二幅")];
    await like(reader, a);
    await like(owner, a);
    await like(reader, b);
    await like(reader, b); // a repeat changes nothing
    expect(await likesReceived()).toBe(3);
    expect((await moderate(a, "hide")).body.data.done).toBe(1);
    expect(await likesReceived()).toBe(1);
    // A hidden work cannot be liked or unliked by others, so its count waits for it unchanged.
    expect((await like(owner, a, false)).status).toBe(404);
    expect((await moderate(a, "restore")).body.data.done).toBe(1);
    expect(await likesReceived()).toBe(3);
    await like(reader, b, false);
    expect(await likesReceived()).toBe(2);
    expect((await remove(a)).body.success).toBe(true);
    expect(await likesReceived()).toBe(0);
    expect(await counterDrift(t.db)).toEqual([]);
  });
});

describe("many writers at once", () => {
  it("two deletions of one work count it out once; the second finds it gone", async () => {
    const a = await publish("将被删除两次");
    await like(reader, a);
    const answers = await Promise.all([remove(a), remove(a)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(answers.find((r) => r.status === 404)?.body.message).toBe("作品不存在或已删除");
    expect(await counterDrift(t.db)).toEqual([]);
    expect(await authorsProfile()).toMatchObject({ workCount: 0, likeReceivedCount: 0 });
  });

  it("a hide and the author's deletion at once leave every count exact, whichever lands first", async () => {
    const works = await Promise.all(Array.from({ length: 12 }, (_, i) => publish(`同时隐藏和删除${i}`)));
    await Promise.all(works.map((a) => like(reader, a)));
    const answers = await Promise.all(
      works.map(async (a, i) => {
        const hiding = moderate(a, "hide");
        for (let turn = 0; turn < i * 3; turn++) await new Promise(setImmediate);
        const removed = await remove(a);
        const hidden = await hiding;
        return [hidden.body.success ? hidden.body.data.done : 0, removed.status === 200 ? 1 : 0];
      }),
    );
    // Whichever came second was refused, whether it read the work gone or found it so only when it wrote.
    for (const done of answers) expect(done.sort()).toEqual([0, 1]);
    for (const a of works) expect([WorkStatus.hidden, WorkStatus.deleted]).toContain(await status(a));
    expect(await counterDrift(t.db)).toEqual([]);
    expect(await authorsProfile()).toMatchObject({ workCount: 0, likeReceivedCount: 0 });
  });

  it("an edit that loses the race to a deletion does not bring the work back nor count it", async () => {
    // The deletion comes a moment later each time, so that in some pairs it lands between the edit's read of the
    // work and its write.
    const works = await Promise.all(Array.from({ length: 12 }, (_, i) => publish(`改了又删${i}`)));
    const answers = await Promise.all(
      works.map(async (a, i) => {
        const edit = t.call("POST", `/api/art/update/${a}`, {
          ...as(author),
          body: { type: 1, content: "改过的", nodeId, tags: "油画" },
        });
        for (let turn = 0; turn < i * 3; turn++) await new Promise(setImmediate);
        const removed = await remove(a);
        return [(await edit).status, removed.status];
      }),
    );
    // The deletion always goes through; an edit that read the work before it and wrote after it finds it gone.
    for (const [edited, removed] of answers) expect([edited, removed]).toEqual([expect.toBeOneOf([200, 404]), 200]);
    for (const a of works) expect(await status(a)).toBe(WorkStatus.deleted);
    expect(await counterDrift(t.db)).toEqual([]);
    expect((await authorsProfile()).workCount).toBe(0);
  });

  it("likes given while the work is hidden at the same moment are counted once, where they belong", async () => {
    const a = await publish("边赞边藏");
    const crowd = await Promise.all(Array.from({ length: 6 }, () => t.signup()));
    await Promise.all([...crowd.map((who) => like(who, a)), moderate(a, "hide")]);
    expect(await counterDrift(t.db)).toEqual([]);
    expect(await likesReceived()).toBe(0);
    await moderate(a, "restore");
    const likes = (await t.db.selectFrom("works").select("like_count").where("id", "=", a).executeTakeFirstOrThrow())
      .like_count;
    expect(await likesReceived()).toBe(likes);
    expect(await counterDrift(t.db)).toEqual([]);
  });
});

describe("a comment's crossing, many at once", () => {
  const comment = async (who: Session, workId: number, content: string, replyTo?: number) =>
    (
      await t.call<{ commentId: number }>("POST", "/api/comment/create", {
        ...as(who),
        body: { workId, content, ...(replyTo ? { replyTo } : {}) },
      })
    ).body.data.commentId;
  const removeComment = (who: Session, id: number) => t.call("POST", `/api/comment/delete/${id}`, as(who));

  it("two removals of one reply count it out once from the work and the thread", async () => {
    const a = await publish("有评论的画");
    const top = await comment(reader, a, "好看");
    const reply = await comment(reader, a, "补充一句", top);
    const answers = await Promise.all([removeComment(reader, reply), removeComment(author, reply)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await counterDrift(t.db)).toEqual([]);
  });

  it("a hide and the commenter's removal at once leave every count exact, whichever lands first", async () => {
    const a = await publish("评论很多的画");
    const top = await comment(author, a, "说明");
    // One reply each from ten members (one member's burst would meet the flood limit).
    const crowd = await Promise.all(Array.from({ length: 10 }, () => t.signup()));
    const replies = await Promise.all(crowd.map((who, i) => comment(who, a, `回复${i}`, top)));
    const answers = await Promise.all(
      replies.map(async (id, i) => {
        // The removal first, the hide a moment later each time: in some pairs the hide reads the reply while the
        // removal's transaction is still open, and writes after it.
        const removing = removeComment(crowd[i], id);
        for (let turn = 0; turn < i; turn++) await new Promise(setImmediate);
        const hidden = await t.call<BulkResult>("POST", "/api/admin/comments", {
          ...as(owner),
          body: { ids: String(id), action: "hide", reason: "测试" },
        });
        const removed = await removing;
        return [hidden.body.success ? hidden.body.data.done : 0, removed.status === 200 ? 1 : 0];
      }),
    );
    for (const done of answers) expect(done.sort()).toEqual([0, 1]);
    expect(await counterDrift(t.db)).toEqual([]);
  });
});

describe("the migration that keeps the likes on the member (0025)", () => {
  it("fills each member's count from the likes of their live works as they stand", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      const db = database.db;
      await migrateToLatest(database, "0024_search_words");
      for (const name of ["painter", "potter", "reader"])
        await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at)
          values (${name}, ${name}, ${name}, 'x', 0, 0)`.execute(db);
      // The painter's live works have 3 and 4 likes, a hidden one 5 and a deleted one 6; the potter's one live work 2.
      for (const [user, likes, status] of [
        [1, 3, WorkStatus.live],
        [1, 4, WorkStatus.live],
        [1, 5, WorkStatus.hidden],
        [1, 6, WorkStatus.deleted],
        [2, 2, WorkStatus.live],
      ])
        await sql`insert into works (type, user_id, title, content, like_count, status, created_at, updated_at)
          values (1, ${user}, '', '正文', ${likes}, ${status}, 0, 0)`.execute(db);
      await migrateToLatest(database);
      const rows = await db.selectFrom("users").select(["username", "like_received_count"]).orderBy("id").execute();
      expect(rows.map((r) => [r.username, Number(r.like_received_count)])).toEqual([
        ["painter", 7],
        ["potter", 2],
        ["reader", 0],
      ]);
    } finally {
      await database.drop();
    }
  });
});
