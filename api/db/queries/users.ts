import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { nicknameKey } from "../../../contract/people/identity.ts";
import { normalize } from "../../lib/segment.ts";
import { isReservedName, skeleton } from "../../lib/fold.ts";
import type { DB, UserTable } from "../schema.ts";
import { prepared } from "../prepared.ts";

export type UserRow = Selectable<UserTable>;

/** The author of a work or comment as a card shows them, read from a join on "users as u". */
export const authorColumns = [
  "u.nickname as user_nickname",
  "u.username as user_username",
  "u.avatar as user_avatar",
  "u.small_avatar as user_small_avatar",
] as const;

const userById = prepared((db, v: { id: number }) => db.selectFrom("users").selectAll().where("id", "=", v.id));

export async function findUserById(db: Kysely<DB>, id: number) {
  return (await userById(db, { id }))[0];
}

/** A login name is a username or an e-mail; both are stored lower-cased. */
export function findUserByLogin(db: Kysely<DB>, login: string) {
  const key = login.toLowerCase();
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb("username", "=", key), eb("email", "=", key)]))
    .executeTakeFirst();
}

export async function emailExists(db: Kysely<DB>, email: string) {
  return !!(await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst());
}

/** The owner and the admins, owner first. */
export function listStaff(db: Kysely<DB>) {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb("roles", "like", "%owner%"), eb("roles", "like", "%admin%")]))
    .orderBy("id")
    .execute();
}

export async function hasOwner(db: Kysely<DB>) {
  const row = await db.selectFrom("users").select("id").where("roles", "like", "%owner%").executeTakeFirst();
  return !!row;
}

/**
 * What a nickname is compared by: its key (unique: no two people look alike) and the form search reads (國畫室 is
 * found as 国画室).
 */
export function nameKeys(nickname: string) {
  return { nickname_key: skeleton(nickname), name_search: nicknameKey(normalize(nickname)) };
}

/** Accounts whose nickname is not yet keyed for search (those that were there before migration 0009). */
export async function unkeyedForSearch(db: Kysely<DB>, after: number, limit: number) {
  return db
    .selectFrom("users")
    .select(["id", "nickname"])
    .where("id", ">", after)
    .where("name_search", "=", "")
    .where("nickname", "<>", "")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function setNameSearch(db: Kysely<DB>, id: number, nickname: string) {
  await db
    .updateTable("users")
    .set({ name_search: nameKeys(nickname).name_search })
    .where("id", "=", id)
    .execute();
}

/** Inserts an account; its nickname key is derived here, so every way in (sign-up, seed, tests) keeps it right. */
export async function insertUser(
  db: Kysely<DB>,
  user: Omit<Insertable<UserTable>, "nickname_key" | "name_search">,
): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ ...user, ...nameKeys(user.nickname) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether a nickname or a username would be mistaken for another account's (so @mentions stay unambiguous). */
export async function nameClash(db: Kysely<DB>, names: { nickname: string; username: string }, except?: number) {
  const key = skeleton(names.nickname);
  const username = names.username.toLowerCase();
  const usernameKey = skeleton(username);
  let query = db
    .selectFrom("users")
    .select(["username", "nickname_key"])
    .where((eb) => eb.or([eb("nickname_key", "in", [key, usernameKey]), eb("username", "in", [key, username])]));
  if (except !== undefined) query = query.where("id", "!=", except);
  const rows = await query.execute();
  return {
    nickname: rows.some((r) => r.nickname_key === key || r.username === key),
    username: rows.some((r) => r.username === username || r.nickname_key === usernameKey),
    /** A name only the site may wear, however spelled: refused like a taken one. */
    reserved: isReservedName(names.nickname),
  };
}

export async function countUsers(db: Kysely<DB>, since = 0) {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes a person's own columns; the nickname key follows the nickname. */
export async function updateUser(
  db: Kysely<DB>,
  id: number,
  set: Partial<Omit<Updateable<UserTable>, "id" | "nickname_key" | "name_search">>,
) {
  await db
    .updateTable("users")
    .set({ ...set, ...(set.nickname !== undefined ? nameKeys(set.nickname) : {}) })
    .where("id", "=", id)
    .execute();
}

/**
 * Takes the member's row for this transaction before it is read, for a change read from the row itself (a JSON list):
 * on PostgreSQL the update waits for any other writer of the row, and the read after it sees what that one wrote.
 */
export async function lockUserRow(db: Kysely<DB>, id: number) {
  await db
    .updateTable("users")
    .set((eb) => ({ pinned: eb.ref("pinned") }))
    .where("id", "=", id)
    .execute();
}

/**
 * Holds the member's row until the transaction ends (PostgreSQL's row lock; SQLite has one writer anyway), so what they
 * may still have (tags followed, requests waiting) is counted as it stands when several of their posts come at once.
 */
export async function holdMember(db: Kysely<DB>, userId: number) {
  await db
    .updateTable("users")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", userId)
    .execute();
}
