import {
  countEntriesSince,
  findEntry,
  insertCheckin,
  lastCheckin,
  listEntries,
  payOnce,
  rankOf,
  topScores,
} from "../db/queries/scores.ts";
import { findUserById } from "../db/queries/users.ts";
import { liveCommentsBy } from "../db/queries/comments.ts";
import { chinaDay, startOfChinaDay } from "../lib/china-time.ts";
import { ApiError } from "../lib/errors.ts";
import { checkinReward, levelOf, rewards, scoreReasons, type ScoreReason } from "../../contract/scores/growth.ts";
import type { CheckinState, LeaderEntry, ScoreEntry, ScoreSummary } from "../../contract/scores/views.ts";
import type { Deps } from "./deps.ts";
import { notify } from "./inbox/inbox.ts";
import { transact, type Tx } from "./transaction.ts";
import { decodeCursor, keysetPage } from "./paging.ts";
import { userRef } from "./people/users.ts";
import { memberHasStanding } from "./people/standing.ts";

/**
 * Pays someone for an event, once (the ledger's unique key), inside the transaction of the event itself; crossing
 * a level's threshold tells them. Answers the balance after, or null when this event was paid before.
 */
export async function award(
  tx: Tx,
  e: { userId: number; reason: ScoreReason; ref: string; delta: number },
): Promise<number | null> {
  const paid = await payOnce(tx.trx, { ...e, at: tx.now });
  if (!paid) return null;
  const before = levelOf(paid.before).level;
  const after = levelOf(paid.balance);
  if (after.level > before)
    await notify(tx, {
      userId: e.userId,
      actorId: 0,
      kind: "level",
      detail: `Lv${after.level} ${after.name}`,
      dedupe: `level:${after.level}`,
    });
  return paid.balance;
}

/**
 * Someone else's like, favorite, comment or follow pays the person it reached (never one's own), once the one who
 * gave it has standing (contract/charts/charts.ts markStanding): fresh accounts pay no one.
 */
export async function rewardFor(
  tx: Tx,
  e: { userId: number; actorId: number; reason: "like" | "favorite" | "comment" | "fan"; ref: string },
) {
  if (e.userId === e.actorId || !(await memberHasStanding(tx.trx, e.actorId, tx.now))) return null;
  return award(tx, { userId: e.userId, reason: e.reason, ref: e.ref, delta: rewards[e.reason] });
}

/**
 * A comment pays the work's author once per commenter and work, whatever the number of comments, and an author is
 * paid for at most rewards.commentPerDay comments a CST day. Never for one's own, nor a commenter's without standing.
 */
export async function payForComment(tx: Tx, authorId: number, commenterId: number, workId: number) {
  if (authorId === commenterId || !(await memberHasStanding(tx.trx, commenterId, tx.now))) return null;
  const today = await countEntriesSince(tx.trx, authorId, "comment", startOfChinaDay(tx.now));
  if (today >= rewards.commentPerDay) return null;
  return award(tx, {
    userId: authorId,
    reason: "comment",
    ref: commentRef(workId, commenterId),
    delta: rewards.comment,
  });
}

/** Takes the comment pay back once the commenter has no live comment left on the work (paid again: never). */
export async function takeBackComment(tx: Tx, authorId: number, commenterId: number, workId: number) {
  if (await liveCommentsBy(tx.trx, workId, commenterId)) return;
  const ref = commentRef(workId, commenterId);
  const paid = await findEntry(tx.trx, authorId, "comment", ref);
  if (paid) await award(tx, { userId: authorId, reason: "uncomment", ref, delta: -paid.delta });
}

const commentRef = (workId: number, commenterId: number) => `comment:${workId}:${commenterId}`;

/** Publishing pays for the first few works of a CST day; deleting a work later takes its pay back. */
export async function payForPublishing(tx: Tx, userId: number, workId: number) {
  const today = await countEntriesSince(tx.trx, userId, "publish", startOfChinaDay(tx.now));
  if (today >= rewards.publishPerDay) return null;
  return award(tx, { userId, reason: "publish", ref: `work:${workId}`, delta: rewards.publish });
}

export async function takeBackPublishing(tx: Tx, userId: number, workId: number) {
  const paid = await findEntry(tx.trx, userId, "publish", `work:${workId}`);
  if (paid) await award(tx, { userId, reason: "unpublish", ref: `work:${workId}`, delta: -paid.delta });
}

/** Where someone stands today: signed in or not, the run of days, and what today pays. */
export async function checkinState(deps: Deps, userId: number, known?: { score: number }): Promise<CheckinState> {
  const today = chinaDay(deps.now());
  const [last, user] = await Promise.all([lastCheckin(deps.db, userId, today), known ?? findUserById(deps.db, userId)]);
  const score = user?.score ?? 0;
  if (last?.day === today) return { today: true, streak: last.streak, reward: last.reward, score };
  const streak = last?.day === today - 1 ? last.streak : 0;
  return { today: false, streak, reward: checkinReward(streak + 1), score };
}

/**
 * 签到: once per CST day. Yesterday's run goes on, a missed day starts it over. The day's row is unique, so of
 * parallel requests exactly one pays; the others are told it is done.
 */
export async function checkin(deps: Deps, userId: number): Promise<CheckinState> {
  return transact(deps, (tx) => signInToday(tx, userId));
}

/** The day's sign-in inside a transaction (tx.now's CST day): the seed writes a demo member's past days with it. */
export async function signInToday(tx: Tx, userId: number): Promise<CheckinState> {
  const today = chinaDay(tx.now);
  const last = await lastCheckin(tx.trx, userId, today - 1);
  const streak = last?.day === today - 1 ? last.streak + 1 : 1;
  const reward = checkinReward(streak);
  const first = await insertCheckin(tx.trx, { user_id: userId, day: today, streak, reward, created_at: tx.now });
  if (!first) throw new ApiError("checkedIn");
  const score = await award(tx, { userId, reason: "checkin", ref: `day:${today}`, delta: reward });
  if (score === null) throw new ApiError("checkedIn");
  return { today: true, streak, reward, score };
}

const LEDGER_PAGE = 20;
const LEADERBOARD_SIZE = 50;

export async function scoreSummary(deps: Deps, userId: number, cursor?: string): Promise<ScoreSummary> {
  const [checkin, rows] = await Promise.all([
    checkinState(deps, userId),
    listEntries(deps.db, userId, { after: decodeCursor(cursor), limit: LEDGER_PAGE }),
  ]);
  const { page, hasMore, cursor: next } = keysetPage(rows, LEDGER_PAGE, (r) => r.created_at);
  const ledger: ScoreEntry[] = page.map((r) => ({
    entryId: r.id,
    delta: r.delta,
    balance: r.balance,
    reason: r.reason,
    label: scoreReasons[r.reason as ScoreReason] ?? r.reason,
    createdAt: r.created_at,
  }));
  return {
    score: checkin.score,
    level: levelOf(checkin.score),
    rank: await rankOf(deps.db, userId, checkin.score),
    checkin,
    ledger: { results: ledger, cursor: next, hasMore },
  };
}

export async function leaderboard(deps: Deps): Promise<LeaderEntry[]> {
  const rows = await topScores(deps.db, LEADERBOARD_SIZE);
  return rows.map((r, i) => ({
    rank: i + 1,
    score: r.score,
    level: levelOf(r.score).level,
    user: userRef(r.id, r),
  }));
}
