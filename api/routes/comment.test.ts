import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DECAY_SECONDS } from "../services/browse/ranking.ts";
import { counterDrift } from "../db/queries/counts.ts";
import { insertWork, startApi, type TestApi } from "../test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { CommentView } from "../../contract/works/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let author: Session;
let alice: Session;
let bob: Session;
let workId: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "siteowner" });
  author = await t.signup({ username: "author", nickname: "作者" });
  alice = await t.signup({ username: "alice", nickname: "爱丽丝" });
  bob = await t.signup({ username: "bob", nickname: "鲍勃" });
  await t.season();
  workId = await insertWork(t, { userId: author.user.id });
});
afterEach(async () => t.close());

const post = (token: string, content: string, replyTo?: number) =>
  t.send(api.comments.create, { body: { workId, content, ...(replyTo ? { replyTo } : {}) } }, { token });
const list = async (token?: string, cursor = "") =>
  (
    await t.call<Page<CommentView>>("GET", `/api/comment/list?workId=${workId}${cursor ? `&cursor=${cursor}` : ""}`, {
      token,
    })
  ).body.data;
const commentCount = async () => (await t.send(api.works.detail, { params: { id: workId } })).body.data.commentCount;

describe("comments", () => {
  it("lists newest first with replies in two levels, and counts them on the work", async () => {
    const first = (await post(alice.token, "第一条")).body.data.commentId;
    t.setNow(t.now() + 1000);
    const second = (await post(bob.token, "第二条")).body.data.commentId;
    const reply = (await post(bob.token, "回复爱丽丝", first)).body.data.commentId;
    await post(alice.token, "回复鲍勃的回复", reply);
    const page = await list();
    expect(page.results.map((c) => c.commentId)).toEqual([second, first]);
    const thread = page.results[1];
    expect(thread.replyCount).toBe(2);
    expect(thread.replies.map((r) => [r.content, r.replyTo?.nickname])).toEqual([
      ["回复爱丽丝", "爱丽丝"],
      ["回复鲍勃的回复", "鲍勃"],
    ]);
    expect(await commentCount()).toBe(4);
  });

  it("pages top-level comments with a cursor", async () => {
    // Five readers, five comments each: one person may post only commentLimits.perMinute a minute.
    const readers = await Promise.all(Array.from({ length: 5 }, () => t.signup()));
    await t.season();
    for (let i = 0; i < 25; i++) {
      t.setNow(t.now() + 1);
      expect((await post(readers[i % 5].token, `评论${i}`)).body.success).toBe(true);
    }
    const one = await list();
    expect(one.results).toHaveLength(20);
    expect(one.hasMore).toBe(true);
    const two = await list(undefined, one.cursor);
    expect(two.results.map((c) => c.content)).toEqual(["评论4", "评论3", "评论2", "评论1", "评论0"]);
    expect(two.hasMore).toBe(false);
  });

  it("resolves @mentions of real users by nickname or username", async () => {
    await post(alice.token, "@鲍勃 看这个，@author 画得真好，@nobody 不存在");
    const [c] = (await list()).results;
    expect(c.mentions).toEqual({ 鲍勃: bob.user.id, author: author.user.id });
  });

  it("keeps the text as written: markup is not interpreted by the API", async () => {
    await post(alice.token, '<script>alert(1)</script><img src=x onerror="alert(1)">');
    expect((await list()).results[0].content).toBe('<script>alert(1)</script><img src=x onerror="alert(1)">');
  });

  it("lets the comment's author, the work's author and staff delete; a thread goes with its replies", async () => {
    const a = (await post(alice.token, "爱丽丝的")).body.data.commentId;
    await post(bob.token, "鲍勃回复", a);
    const b = (await post(bob.token, "鲍勃的")).body.data.commentId;
    const c = (await post(bob.token, "又一条")).body.data.commentId;
    expect((await list(alice.token)).results.map((x) => [x.commentId, x.canDelete])).toEqual([
      [c, false],
      [b, false],
      [a, true],
    ]);
    const refused = await t.send(api.comments.delete, { params: { id: b } }, { token: alice.token });
    expect(refused).toMatchObject({ status: 403, body: { message: "只能删除自己的评论，或自己作品下的评论" } });
    expect((await t.send(api.comments.delete, { params: { id: a } }, { token: alice.token })).body.success).toBe(true);
    expect(await commentCount()).toBe(2);
    expect((await t.send(api.comments.delete, { params: { id: b } }, { token: author.token })).body.success).toBe(true);
    expect((await t.send(api.comments.delete, { params: { id: c } }, { token: owner.token })).body.success).toBe(true);
    expect((await list()).results).toEqual([]);
    expect(await commentCount()).toBe(0);
    expect((await t.send(api.comments.delete, { params: { id: c } }, { token: owner.token })).status).toBe(404);
  });

  it("refuses empty, over-long, anonymous, and misdirected comments, changing nothing", async () => {
    expect((await post(alice.token, "   ")).body.message).toBe("请输入评论内容");
    expect((await post(alice.token, "字".repeat(1001))).body.message).toBe("评论内容不能超过1000个字符");
    expect((await t.send(api.comments.create, { body: { workId, content: "匿名" } })).status).toBe(401);
    expect(
      (await t.send(api.comments.create, { body: { workId: 9999, content: "x" } }, { token: alice.token })).status,
    ).toBe(404);
    const otherWork = await insertWork(t, { userId: author.user.id });
    const elsewhere = (
      await t.send(api.comments.create, { body: { workId: otherWork, content: "别处" } }, { token: alice.token })
    ).body.data.commentId;
    expect((await post(alice.token, "跨作品回复", elsewhere)).body.message).toBe("要回复的评论不存在或已删除");
    expect((await list()).results).toEqual([]);
    expect(await commentCount()).toBe(0);
  });
});

describe("comments cannot be farmed", () => {
  const score = async (userId: number) =>
    Number((await t.db.selectFrom("users").select("score").where("id", "=", userId).executeTakeFirstOrThrow()).score);
  const notices = async (userId: number, kind: string) =>
    (
      await t.db
        .selectFrom("notifications")
        .select("id")
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .execute()
    ).length;

  it("refuses a burst past the minute's allowance, storing nothing", async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await post(alice.token, `第${i}条`));
    expect(answers.filter((a) => a.body.success)).toHaveLength(6);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.at(-1)!.body.message).toBe("评论太频繁了，请稍后再试");
    expect(await commentCount()).toBe(6);
  });

  it("pays the author once per commenter and work, takes it back when their last comment goes, and never again", async () => {
    const before = await score(author.user.id);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(alice.token, `好看${i}`)).body.data.commentId);
    expect(await score(author.user.id)).toBe(before + 1);
    await post(bob.token, "我也觉得");
    expect(await score(author.user.id)).toBe(before + 2);
    for (const id of ids.slice(0, 4)) await t.send(api.comments.delete, { params: { id } }, { token: alice.token });
    expect(await score(author.user.id)).toBe(before + 2);
    await t.send(api.comments.delete, { params: { id: ids[4] } }, { token: alice.token });
    expect(await score(author.user.id)).toBe(before + 1);
    // Commenting again after deleting pays nothing: the loop earns nothing.
    await post(alice.token, "又来了");
    expect(await score(author.user.id)).toBe(before + 1);
    // The author's own comments never pay.
    await post(author.token, "谢谢大家");
    expect(await score(author.user.id)).toBe(before + 1);
  });

  it("tells an @-named person once per commenter and work, however often they are named", async () => {
    for (let i = 0; i < 4; i++) await post(alice.token, `@鲍勃 看这里 ${i}`);
    expect(await notices(bob.user.id, "mention")).toBe(1);
  });

  it("counts the commenters right when many comment at once (each waits for the work's row, then counts afresh)", async () => {
    const crowd = await Promise.all(Array.from({ length: 8 }, () => t.signup()));
    await t.season();
    const answers = await Promise.all(crowd.map((who, i) => post(who.token, `同时评论${i}`)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    // (The test's own work was written behind the counters' back: only the works' counters are compared.)
    expect((await counterDrift(t.db)).filter((d) => d.counter.startsWith("works."))).toEqual([]);
    const row = await t.db.selectFrom("works").select("commenter_count").where("id", "=", workId).executeTakeFirst();
    expect(row?.commenter_count).toBe(8);
  });

  it("ranks by the people who commented: the author's replies and one person's burst count once at most", async () => {
    const other = await insertWork(t, { userId: bob.user.id });
    const works = async () => {
      const rows = await t.db.selectFrom("works").select(["id", "score", "commenter_count", "created_at"]).execute();
      return Object.fromEntries(rows.map((r) => [r.id, r]));
    };
    const base = (w: { created_at: number }) => w.created_at / 1000 / DECAY_SECONDS;
    const before = (await works())[workId].score;
    for (let i = 0; i < 5; i++) await post(author.token, `自己的话${i}`);
    let now = await works();
    expect(now[workId].commenter_count).toBe(0);
    // The author's own words move nothing.
    expect(now[workId].score).toBe(before);
    for (let i = 0; i < 5; i++) await post(alice.token, `刷${i}`);
    now = await works();
    expect(now[workId].commenter_count).toBe(1);
    expect(now[workId].score).toBeCloseTo(base(now[workId]) + Math.log10(1 + 3), 9);
    for (const who of [alice, owner])
      await t.send(api.comments.create, { body: { workId: other, content: "喜欢" } }, { token: who.token });
    now = await works();
    expect(now[other].commenter_count).toBe(2);
    expect(now[other].score).toBeCloseTo(base(now[other]) + Math.log10(1 + 6), 9);
  });
});
