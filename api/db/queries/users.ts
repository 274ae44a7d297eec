import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB, UserTable } from "../schema.ts";

export type UserRow = Selectable<UserTable>;

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
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

export async function usernameExists(db: Kysely<DB>, username: string) {
  return !!(await db.selectFrom("users").select("id").where("username", "=", username.toLowerCase()).executeTakeFirst());
}

export async function emailExists(db: Kysely<DB>, email: string) {
  return !!(await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst());
}

export async function hasOwner(db: Kysely<DB>) {
  const row = await db.selectFrom("users").select("id").where("roles", "like", "%owner%").executeTakeFirst();
  return !!row;
}

export async function insertUser(db: Kysely<DB>, user: Insertable<UserTable>): Promise<number> {
  const row = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Kysely<DB>, since = 0) {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
