import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * The admin area (issue 12): mutes and bans with their reasons, hidden and pinned works, hidden nodes, reports,
 * sensitive words, invitations, the sign-in record and the audit log.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  const add = async (table: string, column: string, type: "bigint" | "text" | "integer") => {
    const fallback = type === "text" ? "" : 0;
    await db.schema
      .alterTable(table)
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  };
  await add("users", "muted_until", "bigint");
  await add("users", "mute_reason", "text");
  await add("users", "banned_until", "bigint");
  await add("users", "ban_reason", "text");
  // Why an admin hid a work or comment, or which word held it for review.
  await add("works", "status_reason", "text");
  await add("works", "pinned_at", "bigint");
  await add("comments", "status_reason", "text");
  await add("nodes", "hidden", "integer");
  await db.schema.createIndex("works_status_id").on("works").columns(["status", "id"]).execute();
  await db.schema.createIndex("works_node_pinned").on("works").columns(["node_id", "pinned_at"]).execute();
  await db.schema.createIndex("comments_status_id").on("comments").columns(["status", "id"]).execute();
  await db.schema.createIndex("comments_user_id").on("comments").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("reports")
    .addColumn("id", idType, pk)
    .addColumn("reporter_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull().defaultTo(0))
    // A page report names its address; everything else names its id (and the address is derived).
    .addColumn("url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("outcome", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("handled_by", "integer")
    .addColumn("handled_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // Once each: one report per person per thing (a page by its address).
  await db.schema
    .createIndex("reports_once")
    .unique()
    .on("reports")
    .columns(["reporter_id", "target", "target_id", "url"])
    .execute();
  await db.schema.createIndex("reports_status_id").on("reports").columns(["status", "id"]).execute();
  await db.schema.createIndex("reports_target").on("reports").columns(["target", "target_id"]).execute();

  await db.schema
    .createTable("sensitive_words")
    .addColumn("id", idType, pk)
    .addColumn("word", "text", (c) => c.notNull())
    .addColumn("word_key", "text", (c) => c.notNull().unique())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invites")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("used_by", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("signins")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("way", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("signins_user_id").on("signins").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("signins_created_at").on("signins").column("created_at").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", idType, pk)
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("before", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("after", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "id"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "id"]).execute();
}
