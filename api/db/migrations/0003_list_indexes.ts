import type { Kysely } from "kysely";

/** Listings by kind (/projects, /links, /articles, /topics) read newest first within one type. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("works_type_created")
    .on("works")
    .columns(["type", "status", "created_at", "id"])
    .execute();
  await db.schema.createIndex("tags_count").on("tags").columns(["work_count", "name"]).execute();
}
