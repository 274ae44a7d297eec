import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, insertWork, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { tipLimits } from "../../contract/shared/limits.ts";
import * as api from "../../contract/endpoints.ts";

/** 打赏 (issue 59 part 4), on SQLite and PostgreSQL: points move from the giver to the author, within limits. */
let t: TestApi;
let author: Session;
let fan: Session;
let work: number;
beforeEach(async () => {
  let node: number;
  ({
    t,
    members: [, author, fan],
    node,
  } = await apiWith("owner", "painter", "fan"));
  work = await insertWork(t, { userId: author.user.id, nodeId: node, title: "晨雾" });
  await t.db.updateTable("users").set({ score: 300 }).where("id", "=", fan.user.id).execute();
});
afterEach(async () => t.close());

const tip = (amount: number | string, who = fan, id = work) =>
  t.send(api.tips.give, { params: { id }, body: { amount } }, { token: who.token });
const score = async (who: Session) => (await t.send(api.scores.mine, {}, { token: who.token })).body.data.score;

describe("打赏", () => {
  it("moves the points from the giver to the author, counted on the work, in both ledgers, and tells the author", async () => {
    const before = await score(author);
    const given = await tip(20);
    expect(given.body.data).toEqual({ count: 1, total: 20, balance: 280 });
    await tip(10);
    expect(await score(fan)).toBe(270);
    expect(await score(author)).toBe(before + 30);
    expect((await t.send(api.works.detail, { params: { id: work } })).body.data.tips).toEqual({ count: 2, total: 30 });
    const ledger = await t.db
      .selectFrom("score_ledger")
      .select(["user_id", "delta", "reason"])
      .where("reason", "like", "tip%")
      .orderBy("id")
      .execute();
    expect(ledger.map((l) => [l.user_id, l.delta, l.reason])).toEqual([
      [fan.user.id, -20, "tipGiven"],
      [author.user.id, 20, "tipReceived"],
      [fan.user.id, -10, "tipGiven"],
      [author.user.id, 10, "tipReceived"],
    ]);
    const told = (await t.send(api.inbox.notifications, { query: {} }, { token: author.token })).body.data.results;
    expect(told.filter((n) => n.kind === "tip").map((n) => n.detail)).toEqual(["10", "20"]);
  });

  it("never to oneself, never more than one has, within one tip's most and the day's", async () => {
    expect((await tip(10, author)).body.message).toBe("不能打赏自己的作品");
    expect((await tip(tipLimits.max + 1)).body.message).toBe(`一次最多打赏${tipLimits.max}积分`);
    expect((await tip("1.5")).body.success).toBe(false);
    expect((await tip(1)).body.message).toBe("请选择 5、10、20、50 积分之一");
    expect((await tip(10, fan, 999_999)).body.message).toBe("作品不存在或已删除");
    await t.db.updateTable("users").set({ score: 15 }).where("id", "=", fan.user.id).execute();
    expect((await tip(20)).body.message).toBe("积分不足");
    expect(await score(fan)).toBe(15);
    await t.db.updateTable("users").set({ score: 1000 }).where("id", "=", fan.user.id).execute();
    for (let given = 0; given < tipLimits.perDay; given += 50) expect((await tip(50)).body.success).toBe(true);
    expect((await tip(5)).body.message).toContain("今天的打赏已达上限");
    expect(await score(fan)).toBe(1000 - tipLimits.perDay);
    // The next China day, the limit starts again.
    t.setNow(t.now() + 86_400_000);
    expect((await tip(5)).body.success).toBe(true);
  });

  it("sent many at once, spends no more than the balance and the day allow", async () => {
    await t.db.updateTable("users").set({ score: 60 }).where("id", "=", fan.user.id).execute();
    const sent = await Promise.all([...Array(8).keys()].map(() => tip(20)));
    expect(sent.filter((r) => r.body.success)).toHaveLength(3);
    expect(await score(fan)).toBe(0);
    expect((await t.send(api.works.detail, { params: { id: work } })).body.data.tips).toEqual({ count: 3, total: 60 });
  });
});
