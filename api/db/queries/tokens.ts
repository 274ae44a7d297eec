import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { prepared } from "../prepared.ts";

export async function insertToken(
  db: Kysely<DB>,
  row: { token_hash: string; user_id: number; created_at: number; expires_at: number; client: string; ip: string },
) {
  await db.insertInto("user_tokens").values(row).execute();
}

const userByTokenHash = prepared((db, v: { tokenHash: string; now: number }) =>
  db
    .selectFrom("user_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .selectAll("u")
    .select(["t.id as session_id", "t.last_seen_at"])
    .where("t.token_hash", "=", v.tokenHash)
    .where("t.expires_at", ">", v.now),
);

/** The user a live token belongs to, or undefined when it is unknown or expired (asked on every signed-in call). */
export async function findUserByTokenHash(db: Kysely<DB>, tokenHash: string, now: number) {
  return (await userByTokenHash(db, { tokenHash, now }))[0];
}

/** Ends one session; answers whose it was (null when there was none). */
export async function deleteToken(db: Kysely<DB>, tokenHash: string): Promise<number | null> {
  const row = await db
    .deleteFrom("user_tokens")
    .where("token_hash", "=", tokenHash)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function deleteExpiredTokens(db: Kysely<DB>, now: number) {
  await db.deleteFrom("user_tokens").where("expires_at", "<=", now).execute();
}

/** Notes that a session was used (callers do it at most every few minutes, not on every request). */
export async function touchToken(db: Kysely<DB>, id: number, at: number) {
  await db.updateTable("user_tokens").set({ last_seen_at: at }).where("id", "=", id).execute();
}

/** A person's live sessions, the most recently used first. */
export function listTokens(db: Kysely<DB>, userId: number, now: number) {
  return db
    .selectFrom("user_tokens")
    .select(["id", "token_hash", "client", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

/** Ends a person's sessions: one (`only`), or all but one (`except`), or all. */
export async function deleteTokens(db: Kysely<DB>, userId: number, which: { only?: number; except?: number } = {}) {
  let q = db.deleteFrom("user_tokens").where("user_id", "=", userId);
  if (which.only !== undefined) q = q.where("id", "=", which.only);
  if (which.except !== undefined) q = q.where("id", "!=", which.except);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}
