import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/kinds.ts";
import { among, amongShape, items, prepared } from "../prepared.ts";

type CounterColumn = "like_count" | "favorite_count" | "comment_count";

/** Who owns a live work and where it is filed: what liking, commenting, editing and deleting check. */
export function findLiveWork(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("works")
    .select(["id", "type", "user_id", "node_id", "created_at"])
    .where("id", "=", id)
    .where("status", "=", WorkStatus.live)
    .executeTakeFirst();
}

/** Adds delta to one counter and returns all of them; the row stays locked until the transaction ends. */
export function bumpCounter(db: Kysely<DB>, workId: number, column: CounterColumn, delta: number) {
  return db
    .updateTable("works")
    .set((eb) => ({ [column]: eb(column, "+", delta) }))
    .where("id", "=", workId)
    .returning(["like_count", "favorite_count", "comment_count", "created_at"])
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
      db.selectFrom(mark).select("work_id").where("user_id", "=", v.who).where("work_id", "in", items(v)),
    amongShape,
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
  const rows = await (mark === "likes" ? likedAmong : favoritedAmong)(db, among(userId, workIds));
  return new Set(rows.map((r) => r.work_id));
}

export function readCounts(db: Kysely<DB>, workId: number) {
  return db
    .selectFrom("works")
    .select(["like_count", "favorite_count", "comment_count"])
    .where("id", "=", workId)
    .executeTakeFirstOrThrow();
}
