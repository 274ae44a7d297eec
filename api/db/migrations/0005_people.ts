import type { Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * People: whether someone's favorites are public and whether their username was changed (once); where each
 * session signed in from, for the list of sessions; the nodes and tags a person loves or mutes (my taste); and the
 * indexes that page whom someone follows and what they liked.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("favorites_public", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("username_changed_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [column, type] of [
    ["client", "text"],
    ["ip", "text"],
  ] as const) {
    await db.schema
      .alterTable("user_tokens")
      .addColumn(column, type, (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema
    .alterTable("user_tokens")
    .addColumn("last_seen_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("tastes")
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("target", dialect === "postgres" ? "varchar(8)" : "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tastes_pk", ["user_id", "target", "target_id"])
    .execute();

  await db.schema.createIndex("follows_user_created").on("follows").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("likes_user_created").on("likes").columns(["user_id", "created_at"]).execute();
  // The likes a person's works received are summed from this index alone, never from the rows.
  await db.schema.createIndex("works_user_likes").on("works").columns(["user_id", "status", "like_count"]).execute();
}
