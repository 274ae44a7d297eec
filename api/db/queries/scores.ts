import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import { newestFirst, type After } from "./keyset.ts";
import { authorColumns } from "./users.ts";
import { prepared } from "../prepared.ts";

/**
 * Pays one event: a ledger row (unique per user, reason and ref, so a replay writes nothing) and the balance moved
 * by the same delta in the same transaction. Answers the new balance, or null when the event was paid before.
 */
export async function payOnce(
  db: Kysely<DB>,
  e: { userId: number; delta: number; reason: string; ref: string; at: number },
): Promise<{ before: number; balance: number } | null> {
  const entry = await db
    .insertInto("score_ledger")
    .values({ user_id: e.userId, delta: e.delta, balance: 0, reason: e.reason, ref: e.ref, created_at: e.at })
    .onConflict((oc) => oc.columns(["user_id", "reason", "ref"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!entry) return null;
  // The update locks the user's row: balances written by parallel events follow one another.
  const { score } = await db
    .updateTable("users")
    .set((eb) => ({ score: eb("score", "+", e.delta) }))
    .where("id", "=", e.userId)
    .returning("score")
    .executeTakeFirstOrThrow();
  await db.updateTable("score_ledger").set({ balance: score }).where("id", "=", entry.id).execute();
  return { before: score - e.delta, balance: score };
}

export async function findEntry(db: Kysely<DB>, userId: number, reason: string, ref: string) {
  return db
    .selectFrom("score_ledger")
    .select(["id", "delta"])
    .where("user_id", "=", userId)
    .where("reason", "=", reason)
    .where("ref", "=", ref)
    .executeTakeFirst();
}

/** How many entries of a reason someone received since a time (a daily cap reads it). */
export async function countEntriesSince(db: Kysely<DB>, userId: number, reason: string, since: number) {
  const row = await db
    .selectFrom("score_ledger")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("reason", "=", reason)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listEntries(db: Kysely<DB>, userId: number, opts: { after?: After; limit: number }) {
  const query = db
    .selectFrom("score_ledger")
    .select(["id", "delta", "balance", "reason", "ref", "created_at"])
    .where("user_id", "=", userId);
  return newestFirst(query, { key: "created_at", id: "id", after: opts.after, limit: opts.limit }).execute();
}

export async function ledgerSum(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("score_ledger")
    .select(sql<number>`coalesce(sum(delta), 0)`.as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The highest balances among active members (ties: the earlier member first). */
export function topScores(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom("users as u")
    .select(["u.id", "u.score", ...authorColumns])
    .where("u.status", "=", UserStatus.active)
    .where("u.score", ">", 0)
    .orderBy("u.score", "desc")
    .orderBy("u.id", "asc")
    .limit(limit)
    .execute();
}

/** Someone's place on the leaderboard: one more than the active members ahead of them. */
export async function rankOf(db: Kysely<DB>, userId: number, score: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", UserStatus.active)
    .where((eb) => eb.or([eb("score", ">", score), eb.and([eb("score", "=", score), eb("id", "<", userId)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

/** The latest sign-in on or before a day. */
const latestCheckin = prepared((db, v: { userId: number; onOrBefore: number }) =>
  db
    .selectFrom("checkins")
    .select(["day", "streak", "reward"])
    .where("user_id", "=", v.userId)
    .where("day", "<=", v.onOrBefore)
    .orderBy("day", "desc")
    .limit(1),
);

export async function lastCheckin(db: Kysely<DB>, userId: number, onOrBefore: number) {
  return (await latestCheckin(db, { userId, onOrBefore }))[0];
}

/** Records a day's sign-in; false when that day was signed in already (a parallel request lost the race). */
export async function insertCheckin(
  db: Kysely<DB>,
  row: { user_id: number; day: number; streak: number; reward: number; created_at: number },
) {
  const written = await db
    .insertInto("checkins")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
    .returning("day")
    .executeTakeFirst();
  return !!written;
}
