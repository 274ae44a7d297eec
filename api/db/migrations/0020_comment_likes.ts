import type { Kysely } from "kysely";

/**
 * Liking a comment (issue 36): once per member and comment (the key), counted on the comment in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("comments")
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("comment_likes")
    .addColumn("comment_id", "integer", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_likes_pk", ["comment_id", "user_id"])
    .execute();
  await db.schema.createIndex("comment_likes_user").on("comment_likes").columns(["user_id", "comment_id"]).execute();
}
