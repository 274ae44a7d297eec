import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Web push (issue 59): the devices a member takes pushes on (a browser's subscription at its push service: the
 * address and the keys the payload is encrypted to), and the kinds of news chosen. The site's VAPID key pair is a
 * row of site_config, made at the first start.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("push_devices")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "varchar(1000)", (c) => c.notNull().unique())
    .addColumn("p256dh", "varchar(100)", (c) => c.notNull())
    .addColumn("auth", "varchar(40)", (c) => c.notNull())
    .addColumn("label", "varchar(60)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_sent_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("push_devices_user").on("push_devices").columns(["user_id", "id"]).execute();
  await db.schema
    .createTable("push_choices")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("kinds", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .execute();
}
