import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Webhooks (issue 57): a member's (or the owner's site-wide) addresses told of events, each with its signing secret,
 * and the log of deliveries, each one a job until it is sent or given up.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("webhooks")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "varchar(500)", (c) => c.notNull())
    .addColumn("events", "varchar(300)", (c) => c.notNull())
    .addColumn("secret", "varchar(100)", (c) => c.notNull())
    .addColumn("site_wide", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_user").on("webhooks").column("user_id").execute();
  await db.schema.createIndex("webhooks_site_wide").on("webhooks").column("site_wide").execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", idType, pk)
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("event", "varchar(40)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "varchar(12)", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("done_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_hook")
    .on("webhook_deliveries")
    .columns(["webhook_id", "id"])
    .execute();
}
