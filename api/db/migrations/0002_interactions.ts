import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/** Favorites, comments (two levels) and the uploads a user owns. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("favorites")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("favorites_pk", ["user_id", "work_id"])
    .execute();
  await db.schema.createIndex("favorites_user_created").on("favorites").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("comments")
    .addColumn("id", idType, pk)
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("parent_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("reply_to_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("comments_work_parent_created")
    .on("comments")
    .columns(["work_id", "parent_id", "created_at", "id"])
    .execute();
  await db.schema.createIndex("comments_parent_created").on("comments").columns(["parent_id", "created_at"]).execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("height", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bytes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("variants", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_user").on("uploads").columns(["user_id", "created_at"]).execute();
}
