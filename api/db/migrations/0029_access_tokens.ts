import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Personal access tokens (issue 57): a member's named keys for bots and apps, each with its scopes and expiry, kept as
 * sha256 of the secret. Revoking one deletes its row, so no process can honour it after.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("access_tokens")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "varchar(40)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("scopes", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("last_used_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("access_tokens_user").on("access_tokens").column("user_id").execute();
}
