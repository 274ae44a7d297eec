import type { Kysely } from "kysely";

/** Sitemaps read live works and active people by id with their last change, from these indexes alone. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("works_status_id_updated").on("works").columns(["status", "id", "updated_at"]).execute();
  await db.schema.createIndex("users_status_id_updated").on("users").columns(["status", "id", "updated_at"]).execute();
}
