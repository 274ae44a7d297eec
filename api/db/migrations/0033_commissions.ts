import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * 约稿 and 打赏 (issue 59): a commission between a client and a creator, its one private thread and its delivered
 * pictures (uploads kept private: served only to the two); tips of points to a work's author, counted on the work.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("commissions")
    .addColumn("id", idType, pk)
    .addColumn("client_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("creator_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "varchar(40)", (c) => c.notNull())
    .addColumn("brief", "text", (c) => c.notNull())
    .addColumn("budget", "varchar(30)", (c) => c.notNull().defaultTo(""))
    .addColumn("deadline", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("refs", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("state", "varchar(12)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("commissions_creator").on("commissions").columns(["creator_id", "updated_at"]).execute();
  await db.schema.createIndex("commissions_client").on("commissions").columns(["client_id", "updated_at"]).execute();
  await db.schema
    .createTable("commission_messages")
    .addColumn("id", idType, pk)
    .addColumn("commission_id", "integer", (c) => c.notNull().references("commissions.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("commission_messages_thread")
    .on("commission_messages")
    .columns(["commission_id", "id"])
    .execute();
  await db.schema
    .createTable("commission_files")
    .addColumn("commission_id", "integer", (c) => c.notNull().references("commissions.id").onDelete("cascade"))
    .addColumn("upload_id", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("commission_files_pk", ["commission_id", "upload_id"])
    .execute();
  await db.schema.createIndex("commission_files_upload").on("commission_files").column("upload_id").execute();
  await db.schema
    .alterTable("uploads")
    .addColumn("private", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("tips")
    .addColumn("id", idType, pk)
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("from_id", "integer", (c) => c.notNull())
    .addColumn("to_id", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tips_from").on("tips").columns(["from_id", "created_at"]).execute();
  await db.schema.createIndex("tips_work").on("tips").columns(["work_id", "id"]).execute();
  await db.schema
    .alterTable("works")
    .addColumn("tip_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("works")
    .addColumn("tip_total", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
