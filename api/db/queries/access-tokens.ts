import type { ExpressionBuilder, Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { prepared } from "../prepared.ts";

/** Personal access tokens (contract/account/tokens.ts): kept by their hash, listed and revoked by their owner. */

/** A token that has not expired at `now` (0 is never). */
const live = (now: number) => (eb: ExpressionBuilder<DB, "access_tokens">) =>
  eb.or([eb("access_tokens.expires_at", "=", 0), eb("access_tokens.expires_at", ">", now)]);

export async function insertAccessToken(
  db: Kysely<DB>,
  row: { user_id: number; name: string; token_hash: string; scopes: string; created_at: number; expires_at: number },
) {
  return (await db.insertInto("access_tokens").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

/** A member's live tokens, newest first. */
export function listAccessTokens(db: Kysely<DB>, userId: number, now: number) {
  return db
    .selectFrom("access_tokens")
    .select(["id", "name", "scopes", "created_at", "expires_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where(live(now))
    .orderBy("id", "desc")
    .execute();
}

export async function countAccessTokens(db: Kysely<DB>, userId: number, now: number) {
  const row = await db
    .selectFrom("access_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where(live(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes one of a member's tokens (and any that expired); answers whether it was theirs. */
export async function deleteAccessToken(db: Kysely<DB>, userId: number, id: number) {
  const done = await db
    .deleteFrom("access_tokens")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

const ownerOf = prepared((db, v: { tokenHash: string; now: number }) =>
  db
    .selectFrom("access_tokens")
    .innerJoin("users as u", "u.id", "access_tokens.user_id")
    .selectAll("u")
    .select(["access_tokens.id as token_id", "access_tokens.scopes", "access_tokens.last_used_at"])
    .where("access_tokens.token_hash", "=", v.tokenHash)
    .where(live(v.now)),
);

/** The member a live token belongs to, with the token's id and scopes; undefined when unknown, expired or revoked. */
export async function accessTokenOwner(db: Kysely<DB>, tokenHash: string, now: number) {
  return (await ownerOf(db, { tokenHash, now }))[0];
}

export async function touchAccessToken(db: Kysely<DB>, id: number, at: number) {
  await db.updateTable("access_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
}
