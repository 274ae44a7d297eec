import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countRows, insertNode, startApi, type TestApi } from "../test/harness.ts";
import { ledgerSum } from "../db/queries/scores.ts";
import { checkinReward, rewards } from "../../contract/scores/growth.ts";
import type { ScoreSummary } from "../../contract/scores/views.ts";
import type { Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let ann: Session;
let bo: Session;
let node: number;
const HOUR = 3_600_000;
/** 2026-11-21 23:30 in China (15:30 UTC): half an hour before a CST midnight. */
const lateEvening = Date.UTC(2026, 10, 21, 15, 30);

beforeEach(async () => {
  t = await startApi();
  [ann, bo] = [await t.signup(), await t.signup()];
  await t.season();
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

const checkin = (who: Session) => t.send(api.scores.checkin, {}, { token: who.token });
const state = async (who: Session) => (await t.send(api.scores.checkinState, {}, { token: who.token })).body.data;
const summary = async (who: Session, query = "") =>
  (await t.call<ScoreSummary>("GET", `/api/score/mine${query}`, { token: who.token })).body.data;
/** The balance always equals the sum of the ledger. */
async function balanced(who: Session) {
  const s = await summary(who);
  expect(s.score).toBe(await ledgerSum(t.db, who.user.id));
  return s.score;
}
const publish = async (who: Session) =>
  (await t.send(api.works.create, { body: { type: 1, nodeId: node, content: "新作" } }, { token: who.token })).body.data
    .artId;

describe("daily sign-in", () => {
  it("counts days in China Standard Time: 23:30 and 00:10 CST are two days in a row", async () => {
    t.setNow(lateEvening);
    expect((await checkin(ann)).body.data).toEqual({ today: true, streak: 1, reward: 5, score: 5 });
    t.setNow(lateEvening + HOUR / 2 - 1);
    const again = await checkin(ann);
    expect([again.status, again.body.message]).toEqual([409, "今天已经签到过了，明天再来吧"]);
    t.setNow(lateEvening + HOUR / 2 + 10 * 60_000);
    expect(await state(ann)).toEqual({ today: false, streak: 1, reward: 6, score: 5 });
    expect((await checkin(ann)).body.data).toEqual({ today: true, streak: 2, reward: 6, score: 11 });
    expect(await balanced(ann)).toBe(11);
    // Every page's user menu reads it from the current user.
    const me = await t.send(api.signin.current, {}, { token: ann.token });
    expect(me.body.data).toMatchObject({ score: 11, checkin: { today: true, streak: 2, reward: 6, score: 11 } });
  });

  it("starts the run over after a missed day, and caps the reward", async () => {
    t.setNow(lateEvening);
    await checkin(ann);
    t.setNow(lateEvening + 48 * HOUR);
    expect(await state(ann)).toMatchObject({ today: false, streak: 0, reward: 5 });
    expect((await checkin(ann)).body.data).toMatchObject({ streak: 1, reward: 5 });
    for (let day = 1; day < 14; day++) {
      t.setNow(lateEvening + (48 + 24 * day) * HOUR);
      await checkin(ann);
    }
    expect(await state(ann)).toMatchObject({ today: true, streak: 14, reward: 15 });
    expect(await balanced(ann)).toBe(
      5 + Array.from({ length: 14 }, (_, i) => checkinReward(i + 1)).reduce((a, b) => a + b),
    );
  });

  it("pays once for parallel requests on the same day", async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => checkin(ann)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await countRows(t, "checkins")).toBe(1);
    expect(await balanced(ann)).toBe(5);
  });

  it("needs sign-in", async () => {
    expect((await t.send(api.scores.checkin, {})).status).toBe(401);
    expect((await t.send(api.scores.mine, {})).status).toBe(401);
  });
});

describe("the score ledger", () => {
  it("pays a like, favorite, comment and follow once each, whatever is replayed, and never for one's own", async () => {
    const work = await publish(ann);
    for (let i = 0; i < 3; i++) {
      await t.send(api.works.like, { params: { id: work } }, { token: bo.token });
      await t.send(api.works.unlike, { params: { id: work } }, { token: bo.token });
      await t.send(api.people.follow, { body: { userId: ann.user.id } }, { token: bo.token });
      await t.send(api.people.unfollow, { body: { userId: ann.user.id } }, { token: bo.token });
      await t.send(api.works.favorite, { params: { id: work } }, { token: bo.token });
    }
    await t.send(api.comments.create, { body: { workId: work, content: "好" } }, { token: bo.token });
    await t.send(api.works.like, { params: { id: work } }, { token: ann.token });
    await t.send(api.comments.create, { body: { workId: work, content: "自评" } }, { token: ann.token });
    const s = await summary(ann);
    expect(s.ledger.results.map((e) => [e.reason, e.delta]).reverse()).toEqual([
      ["publish", rewards.publish],
      ["like", rewards.like],
      ["fan", rewards.fan],
      ["favorite", rewards.favorite],
      ["comment", rewards.comment],
    ]);
    expect(s.ledger.results[0]).toMatchObject({ label: "作品被评论", balance: s.score });
    expect(await balanced(ann)).toBe(rewards.publish + rewards.like + rewards.fan + rewards.favorite + rewards.comment);
    expect(await balanced(bo)).toBe(0);
  });

  it("pays the first works of a CST day and takes a deleted work's pay back", async () => {
    const works = [];
    for (let i = 0; i < rewards.publishPerDay + 2; i++) works.push(await publish(ann));
    expect(await balanced(ann)).toBe(rewards.publish * rewards.publishPerDay);
    await t.send(api.works.delete, { params: { id: works[0] } }, { token: ann.token });
    await t.call("POST", `/api/art/delete/${works.at(-1)}`, { token: ann.token });
    expect(await balanced(ann)).toBe(rewards.publish * (rewards.publishPerDay - 1));
    expect((await summary(ann)).ledger.results[0]).toMatchObject({ reason: "unpublish", delta: -rewards.publish });
  });

  it("tells of a level reached, once, and ranks people on the leaderboard", async () => {
    const fans = await Promise.all(Array.from({ length: 25 }, () => t.signup()));
    await t.season();
    for (const f of fans) await t.send(api.people.follow, { body: { userId: ann.user.id } }, { token: f.token });
    await checkin(bo);
    const s = await summary(ann);
    expect([s.score, s.level.level, s.level.name, s.level.next, s.rank]).toEqual([50, 2, "小试身手", 200, 1]);
    expect((await summary(bo)).rank).toBe(2);
    const board = (await t.send(api.scores.leaderboard, {})).body.data;
    expect(board.map((e) => [e.rank, e.user.id, e.score, e.level])).toEqual([
      [1, ann.user.id, 50, 2],
      [2, bo.user.id, 5, 1],
    ]);
    const levels = await t.db.selectFrom("notifications").select("detail").where("kind", "=", "level").execute();
    expect(levels).toEqual([{ detail: "Lv2 小试身手" }]);
  });

  it("pages the ledger with a cursor", async () => {
    for (let d = 0; d < 25; d++) {
      t.setNow(lateEvening + d * 24 * HOUR);
      await checkin(ann);
    }
    const first = await summary(ann);
    expect(first.ledger.results).toHaveLength(20);
    const second = await summary(ann, `?cursor=${first.ledger.cursor}`);
    expect(second.ledger.results.map((e) => e.delta)).toEqual([9, 8, 7, 6, 5]);
    expect(second.ledger.hasMore).toBe(false);
  });
});
