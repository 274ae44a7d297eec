import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { EmailTokenTable } from "../schema-signin.ts";

/** The stores of the ways in beside the password: SMS codes, e-mail links, OAuth states, linked identities. */

export function findUserByPhone(db: Kysely<DB>, phone: string) {
  return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

// SMS codes

/** A new code for a number; any earlier unused code for it stops working. */
export async function insertSmsCode(
  db: Kysely<DB>,
  row: { phone: string; code_hash: string; created_at: number; expires_at: number },
) {
  await db
    .updateTable("sms_codes")
    .set({ used_at: row.created_at })
    .where("phone", "=", row.phone)
    .where("used_at", "=", 0)
    .execute();
  const { id } = await db.insertInto("sms_codes").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function deleteSmsCode(db: Kysely<DB>, id: number) {
  await db.deleteFrom("sms_codes").where("id", "=", id).execute();
}

/** The code a number may use now: its newest, unused and unexpired. */
export function liveSmsCode(db: Kysely<DB>, phone: string, now: number) {
  return db
    .selectFrom("sms_codes")
    .select(["id", "code_hash", "tries"])
    .where("phone", "=", phone)
    .where("used_at", "=", 0)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes one try of a code before it is compared, in one statement: however many guesses arrive at once, no more than
 * `limit` are compared. The tries taken so far, or null when none was left.
 */
export async function takeSmsTry(db: Kysely<DB>, id: number, limit: number): Promise<number | null> {
  const row = await db
    .updateTable("sms_codes")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("id", "=", id)
    .where("tries", "<", limit)
    .returning("tries")
    .executeTakeFirst();
  return row ? row.tries : null;
}

/** Spends a code; false when someone spent it first (two requests racing with one code). */
export async function spendSmsCode(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable("sms_codes")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "=", 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Codes are worth keeping a day (they count toward nothing after that; the limiter keeps its own counts). */
export async function purgeSmsCodes(db: Kysely<DB>, before: number) {
  await db.deleteFrom("sms_codes").where("created_at", "<", before).execute();
}

// E-mail links

export async function insertEmailToken(db: Kysely<DB>, row: Omit<EmailTokenTable, "id" | "used_at">) {
  await db.insertInto("email_tokens").values(row).execute();
}

/** Spends a live link of the given purpose; undefined when it is unknown, expired or spent already. */
export async function spendEmailToken(
  db: Kysely<DB>,
  tokenHash: string,
  purpose: EmailTokenTable["purpose"],
  now: number,
) {
  const row = await db
    .updateTable("email_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "=", 0)
    .where("expires_at", ">", now)
    .returning(["user_id", "email"])
    .executeTakeFirst();
  return row;
}

/** The address of an account's newest live verification link: the one it is waiting to confirm. */
export async function pendingVerifyEmail(db: Kysely<DB>, userId: number, now: number): Promise<string | null> {
  const row = await db
    .selectFrom("email_tokens")
    .select("email")
    .where("user_id", "=", userId)
    .where("purpose", "=", "verify")
    .where("used_at", "=", 0)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** A reset or a new address makes every earlier link of that purpose worthless. */
export async function dropEmailTokens(db: Kysely<DB>, userId: number, purpose: EmailTokenTable["purpose"]) {
  await db.deleteFrom("email_tokens").where("user_id", "=", userId).where("purpose", "=", purpose).execute();
}

export async function purgeEmailTokens(db: Kysely<DB>, now: number) {
  await db.deleteFrom("email_tokens").where("expires_at", "<=", now).execute();
}

// OAuth states

export async function insertOAuthState(
  db: Kysely<DB>,
  row: {
    state_hash: string;
    provider: string;
    verifier: string;
    ref: string;
    link_user_id: number | null;
    expires_at: number;
  },
  now: number,
) {
  // Abandoned sign-ins leave their states behind: each new one sweeps the dead.
  await db.deleteFrom("oauth_states").where("expires_at", "<=", now).execute();
  await db.insertInto("oauth_states").values(row).execute();
}

/** Takes a state: it works once, whatever happens next. */
export async function takeOAuthState(db: Kysely<DB>, stateHash: string) {
  return db
    .deleteFrom("oauth_states")
    .where("state_hash", "=", stateHash)
    .returning(["provider", "verifier", "ref", "link_user_id", "expires_at"])
    .executeTakeFirst();
}

// Linked identities

export function findIdentity(db: Kysely<DB>, provider: string, providerUserId: string) {
  return db
    .selectFrom("user_identities")
    .select(["user_id", "name"])
    .where("provider", "=", provider)
    .where("provider_user_id", "=", providerUserId)
    .executeTakeFirst();
}

export function listIdentities(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("user_identities")
    .select(["provider", "name", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

export async function insertIdentity(
  db: Kysely<DB>,
  row: { user_id: number; provider: string; provider_user_id: string; name: string; created_at: number },
) {
  await db.insertInto("user_identities").values(row).execute();
}

export async function deleteIdentity(db: Kysely<DB>, userId: number, provider: string) {
  await db.deleteFrom("user_identities").where("user_id", "=", userId).where("provider", "=", provider).execute();
}
