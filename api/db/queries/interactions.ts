import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { CommentStatus, WorkStatus } from "../../../contract/shared/kinds.ts";
import { personAndIds, idCountShape, idsOf, prepared } from "../prepared.ts";

type CounterColumn = "like_count" | "favorite_count" | "comment_count";

/** Who owns a live work and where it is filed: what liking, commenting, editing and deleting check. */
export function findLiveWork(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("works")
    .select(["id", "type", "user_id", "node_id", "created_at", "updated_at"])
    .where("id", "=", id)
    .where("status", "=", WorkStatus.live)
    .executeTakeFirst();
}

/**
 * Adds delta to one counter and returns what the ranking reads; the row stays locked until the transaction ends.
 * A change to the comments counts again the people other than the author with a live comment on the work: the
 * ranking weighs those, so the author's own replies and one person's burst of comments count once at most.
 */
export async function bumpCounter(db: Kysely<DB>, workId: number, column: CounterColumn, delta: number) {
  const bumped = await db
    .updateTable("works")
    .set((eb) => ({ [column]: eb(column, "+", delta) }))
    .where("id", "=", workId)
    .returning(["like_count", "favorite_count", "commenter_count", "created_at"])
    .executeTakeFirstOrThrow();
  if (column !== "comment_count") return bumped;
  // A statement of its own, after the row is locked: under PostgreSQL's read committed it sees every comment
  // committed by a writer it waited for, which the statement that waited (its snapshot taken before) would not.
  return db
    .updateTable("works")
    .set((eb) => ({
      commenter_count: eb
        .selectFrom("comments as c")
        .select((c) => c.fn.count<number>("c.user_id").distinct().as("n"))
        .whereRef("c.work_id", "=", "works.id")
        .where("c.status", "=", CommentStatus.live)
        .whereRef("c.user_id", "!=", "works.user_id"),
    }))
    .where("id", "=", workId)
    .returning(["like_count", "favorite_count", "commenter_count", "created_at"])
    .executeTakeFirstOrThrow();
}

export async function setScore(db: Kysely<DB>, workId: number, score: number) {
  await db.updateTable("works").set({ score }).where("id", "=", workId).execute();
}

/** A like or a favorite: one row per (user, work), the primary key making a repeat a no-op. */
export type Mark = "likes" | "favorites";

/** Adds the mark; false when it was already there. */
export async function addMark(
  db: Kysely<DB>,
  table: Mark,
  userId: number,
  workId: number,
  at: number,
): Promise<boolean> {
  const row = await db
    .insertInto(table)
    .values({ user_id: userId, work_id: workId, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning("work_id")
    .executeTakeFirst();
  return !!row;
}

/** Removes the mark; false when there was none. */
export async function removeMark(db: Kysely<DB>, table: Mark, userId: number, workId: number): Promise<boolean> {
  const row = await db
    .deleteFrom(table)
    .where("user_id", "=", userId)
    .where("work_id", "=", workId)
    .returning("work_id")
    .executeTakeFirst();
  return !!row;
}

/** A mark's rows among some works: one shape for each length of the list. */
const markedAmong = (mark: "likes" | "favorites") =>
  prepared(
    (db, v: Record<string, number>) =>
      db.selectFrom(mark).select("work_id").where("user_id", "=", v.who).where("work_id", "in", idsOf(v)),
    idCountShape,
  );
const likedAmong = markedAmong("likes");
const favoritedAmong = markedAmong("favorites");

/** Which of these works the user has liked (or favorited): one query for a whole page of cards. */
export async function markedWorkIds(
  db: Kysely<DB>,
  mark: "likes" | "favorites",
  userId: number,
  workIds: number[],
): Promise<Set<number>> {
  if (!workIds.length) return new Set();
  const rows = await (mark === "likes" ? likedAmong : favoritedAmong)(db, personAndIds(userId, workIds));
  return new Set(rows.map((r) => r.work_id));
}

export function readCounts(db: Kysely<DB>, workId: number) {
  return db
    .selectFrom("works")
    .select(["like_count", "favorite_count", "comment_count"])
    .where("id", "=", workId)
    .executeTakeFirstOrThrow();
}
