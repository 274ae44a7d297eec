import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * The site's AI (issue 35): a member's conversations and their messages, private to them, and the day's ledger of
 * questions and tokens per member. The ledger is apart from the messages so that deleting a conversation gives no
 * question back.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("ai_conversations")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ai_conversations_user")
    .on("ai_conversations")
    .columns(["user_id", "updated_at"])
    .execute();
  await db.schema
    .createTable("ai_messages")
    .addColumn("id", idType, pk)
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("ai_conversations.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reasoning", "text", (c) => c.notNull().defaultTo(""))
    // The passages an answer was given, as JSON: [{ n, artId, title, author }].
    .addColumn("sources", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("done"))
    .addColumn("think", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("search", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ai_messages_conversation")
    .on("ai_messages")
    .columns(["conversation_id", "id"])
    .execute();
  await db.schema
    .createTable("ai_usage")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The China Standard Time day (api/lib/china-time.ts chinaDay).
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("questions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tokens_in", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("tokens_out", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("ai_usage_pk", ["user_id", "day"])
    .execute();
  await db.schema.createIndex("ai_usage_day").on("ai_usage").column("day").execute();
}
