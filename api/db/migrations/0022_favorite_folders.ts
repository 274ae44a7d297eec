import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Favorite folders (收藏夹, issue 36): named, public or private; a work may be in several. `work_count` counts the
 * entries, changed in the same transaction as they are.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("favorite_folders")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("work_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("favorite_folders_user").on("favorite_folders").columns(["user_id", "id"]).execute();
  await db.schema
    .createTable("folder_works")
    .addColumn("folder_id", "integer", (c) => c.notNull().references("favorite_folders.id").onDelete("cascade"))
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("folder_works_pk", ["folder_id", "work_id"])
    .execute();
  await db.schema.createIndex("folder_works_work").on("folder_works").columns(["work_id"]).execute();
}
