import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/**
 * Takes `amount` from the member's points if they have that many; the update holds their row, so two tips at once are
 * counted one after the other. Answers the balance after, or null when it is short.
 */
export async function spendPoints(db: Kysely<DB>, userId: number, amount: number) {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ score: eb("score", "-", amount) }))
    .where("id", "=", userId)
    .where("score", ">=", amount)
    .returning("score")
    .executeTakeFirst();
  return row ? Number(row.score) : null;
}

/** What a member has given since a moment (the start of the China day). */
export async function givenSince(db: Kysely<DB>, userId: number, since: number) {
  const row = await db
    .selectFrom("tips")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("n"))
    .where("from_id", "=", userId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTip(
  db: Kysely<DB>,
  row: { work_id: number; from_id: number; to_id: number; amount: number; created_at: number },
) {
  const id = (await db.insertInto("tips").values(row).returning("id").executeTakeFirstOrThrow()).id;
  const w = await db
    .updateTable("works")
    .set((eb) => ({ tip_count: eb("tip_count", "+", 1), tip_total: eb("tip_total", "+", row.amount) }))
    .where("id", "=", row.work_id)
    .returning(["tip_count", "tip_total"])
    .executeTakeFirstOrThrow();
  return { id, count: w.tip_count, total: w.tip_total };
}

/** The spender's own line in the ledger, with the balance the spend left. */
export async function recordSpend(
  db: Kysely<DB>,
  e: { userId: number; amount: number; balance: number; reason: string; ref: string; at: number },
) {
  await db
    .insertInto("score_ledger")
    .values({ user_id: e.userId, delta: -e.amount, balance: e.balance, reason: e.reason, ref: e.ref, created_at: e.at })
    .execute();
}
