import type { Kysely } from "kysely";
import type { Dialect } from "../index.ts";
import type { DB } from "../schema.ts";
import { createSearchIndex } from "../queries/search.ts";
import { nameKeys } from "../queries/users.ts";
import { rebuildSearchIndex } from "../../services/search-index.ts";

/** The search index (FTS5 / tsvector), filled from the works already there, and nicknames as search reads them. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createSearchIndex(db, dialect);
  await db.schema
    .alterTable("users")
    .addColumn("name_search", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const users = db as Kysely<DB>;
  for (const u of await users.selectFrom("users").select(["id", "nickname"]).execute())
    await users
      .updateTable("users")
      .set({ name_search: nameKeys(u.nickname).name_search })
      .where("id", "=", u.id)
      .execute();
  await rebuildSearchIndex(db as Kysely<DB>, dialect);
}
