import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export async function readConfigRows(db: Kysely<DB>): Promise<Record<string, string>> {
  const rows = await db.selectFrom("site_config").selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** One setting, inside the caller's transaction. */
export async function putConfigRow(db: Kysely<DB>, key: string, value: string) {
  await db
    .insertInto("site_config")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export async function readConfigRow(db: Kysely<DB>, key: string): Promise<string | undefined> {
  return (await db.selectFrom("site_config").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

/** Writes a setting unless one is there, and answers what is there: two processes starting at once agree. */
export async function settleConfigRow(db: Kysely<DB>, key: string, value: string): Promise<string> {
  await db
    .insertInto("site_config")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await readConfigRow(db, key)) ?? value;
}
