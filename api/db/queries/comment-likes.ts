import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { idCountShape, idsOf, personAndIds, prepared } from "../prepared.ts";

/** Likes or unlikes a comment for one member; the count moves only when the like itself changed. */
export async function setCommentLike(db: Kysely<DB>, commentId: number, userId: number, on: boolean, at: number) {
  const changed = on
    ? Number(
        (
          await db
            .insertInto("comment_likes")
            .values({ comment_id: commentId, user_id: userId, created_at: at })
            .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
            .executeTakeFirst()
        ).numInsertedOrUpdatedRows ?? 0,
      )
    : Number(
        (
          await db
            .deleteFrom("comment_likes")
            .where("comment_id", "=", commentId)
            .where("user_id", "=", userId)
            .executeTakeFirst()
        ).numDeletedRows,
      );
  if (changed)
    await db
      .updateTable("comments")
      .set((eb) => ({ like_count: eb("like_count", "+", on ? 1 : -1) }))
      .where("id", "=", commentId)
      .execute();
  const row = await db
    .selectFrom("comments")
    .select("like_count")
    .where("id", "=", commentId)
    .executeTakeFirstOrThrow();
  return row.like_count;
}

const likedAmong = prepared(
  (db, v: Record<string, number>) =>
    db
      .selectFrom("comment_likes")
      .select("comment_id")
      .where("user_id", "=", v.who)
      .where("comment_id", "in", idsOf(v)),
  idCountShape,
);

/** Which of these comments the member liked: one shape per length of the page (prepared.ts). */
export async function likedCommentIds(db: Kysely<DB>, userId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  return new Set((await likedAmong(db, personAndIds(userId, ids))).map((r) => r.comment_id));
}
