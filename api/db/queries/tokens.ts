import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export async function insertToken(
  db: Kysely<DB>,
  row: { token_hash: string; user_id: number; created_at: number; expires_at: number },
) {
  await db.insertInto("user_tokens").values(row).execute();
}

/** The user a live token belongs to, or undefined when it is unknown or expired. */
export function findUserByTokenHash(db: Kysely<DB>, tokenHash: string, now: number) {
  return db
    .selectFrom("user_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .selectAll("u")
    .where("t.token_hash", "=", tokenHash)
    .where("t.expires_at", ">", now)
    .executeTakeFirst();
}

export async function deleteToken(db: Kysely<DB>, tokenHash: string) {
  await db.deleteFrom("user_tokens").where("token_hash", "=", tokenHash).execute();
}

export async function deleteExpiredTokens(db: Kysely<DB>, now: number) {
  await db.deleteFrom("user_tokens").where("expires_at", "<=", now).execute();
}
