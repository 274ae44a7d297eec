import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Ways in beside the password (issue 11): a phone number on the account, linked third-party accounts, SMS codes,
 * e-mail links and OAuth states. Codes, links and states are stored hashed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable("users").addColumn("phone", "text").execute();
  // Unique among those who have one (NULLs never clash, on both engines).
  await db.schema.createIndex("users_phone").unique().on("users").column("phone").execute();

  await db.schema
    .createTable("user_identities")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_user_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("user_identities_provider_id")
    .unique()
    .on("user_identities")
    .columns(["provider", "provider_user_id"])
    .execute();
  await db.schema
    .createIndex("user_identities_user_provider")
    .unique()
    .on("user_identities")
    .columns(["user_id", "provider"])
    .execute();

  await db.schema
    .createTable("sms_codes")
    .addColumn("id", idType, pk)
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("sms_codes_phone").on("sms_codes").columns(["phone", "id"]).execute();

  await db.schema
    .createTable("email_tokens")
    .addColumn("id", idType, pk)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("email_tokens_user").on("email_tokens").column("user_id").execute();

  await db.schema
    .createTable("oauth_states")
    .addColumn("state_hash", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("verifier", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ref", "text", (c) => c.notNull().defaultTo("/"))
    // Set when a signed-in person links a provider: only that person may finish it.
    .addColumn("link_user_id", "integer")
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauth_states_expires_at").on("oauth_states").column("expires_at").execute();
}
