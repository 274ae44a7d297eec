import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Messages and growth: notifications (one row per event, written once by its dedupe key), private messages with a
 * conversation row per side (the list and its unread counts never count messages), blocks, the score ledger (one
 * row per reward, unique per event, so a replay pays nothing) and daily sign-ins (one row per CST day).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references("users.id").onDelete("cascade");

  await db.schema
    .createTable("notifications")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", user)
    .addColumn("actor_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("work_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comment_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("dedupe", "text", (c) => c.notNull())
    .addColumn("read_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notifications_dedupe")
    .unique()
    .on("notifications")
    .columns(["user_id", "dedupe"])
    .execute();
  await db.schema
    .createIndex("notifications_user_created")
    .on("notifications")
    .columns(["user_id", "created_at", "id"])
    .execute();
  await db.schema.createIndex("notifications_user_read").on("notifications").columns(["user_id", "read_at"]).execute();

  await db.schema
    .createTable("private_messages")
    .addColumn("id", idType, pk)
    // The pair, lower id first: one index serves both directions of a conversation.
    .addColumn("pair_low", "integer", (c) => c.notNull())
    .addColumn("pair_high", "integer", (c) => c.notNull())
    .addColumn("sender_id", "integer", user)
    .addColumn("recipient_id", "integer", user)
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("read_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("private_messages_pair")
    .on("private_messages")
    .columns(["pair_low", "pair_high", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("conversations")
    .addColumn("user_id", "integer", user)
    .addColumn("peer_id", "integer", user)
    .addColumn("last_message_id", "integer", (c) => c.notNull())
    .addColumn("last_sender_id", "integer", (c) => c.notNull())
    .addColumn("last_content", "text", (c) => c.notNull())
    .addColumn("last_at", "bigint", (c) => c.notNull())
    .addColumn("unread_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("conversations_pk", ["user_id", "peer_id"])
    .execute();
  await db.schema
    .createIndex("conversations_user_last")
    .on("conversations")
    .columns(["user_id", "last_at", "peer_id"])
    .execute();

  await db.schema
    .createTable("blocks")
    .addColumn("user_id", "integer", user)
    .addColumn("target_id", "integer", user)
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("blocks_pk", ["user_id", "target_id"])
    .execute();

  await db.schema
    .createTable("score_ledger")
    .addColumn("id", idType, pk)
    .addColumn("user_id", "integer", user)
    .addColumn("delta", "integer", (c) => c.notNull())
    .addColumn("balance", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("score_ledger_event")
    .unique()
    .on("score_ledger")
    .columns(["user_id", "reason", "ref"])
    .execute();
  await db.schema
    .createIndex("score_ledger_user")
    .on("score_ledger")
    .columns(["user_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("checkins")
    .addColumn("user_id", "integer", user)
    /** Days since the epoch in China Standard Time. */
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("streak", "integer", (c) => c.notNull())
    .addColumn("reward", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("checkins_pk", ["user_id", "day"])
    .execute();

  // The leaderboard reads the top of this index.
  await db.schema.createIndex("users_status_score").on("users").columns(["status", "score", "id"]).execute();
}
