import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { newestFirst, type After } from "./keyset.ts";
import { personAndIds, idCountShape, idsOf, prepared } from "../prepared.ts";

/** Follows `targetId`; false when already following (the primary key makes a repeat a no-op). */
export async function addFollow(db: Kysely<DB>, userId: number, targetId: number, at: number): Promise<boolean> {
  const row = await db
    .insertInto("follows")
    .values({ user_id: userId, target_id: targetId, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning("target_id")
    .executeTakeFirst();
  return !!row;
}

/** Stops following; false when there was nothing to stop. */
export async function removeFollow(db: Kysely<DB>, userId: number, targetId: number): Promise<boolean> {
  const row = await db
    .deleteFrom("follows")
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .returning("target_id")
    .executeTakeFirst();
  return !!row;
}

/** Moves both counters of one follow by delta, in the transaction that changed it; answers the target's fans. */
export async function bumpFollowCounts(db: Kysely<DB>, userId: number, targetId: number, delta: number) {
  await db
    .updateTable("users")
    .set((eb) => ({ follow_count: eb("follow_count", "+", delta) }))
    .where("id", "=", userId)
    .execute();
  const row = await db
    .updateTable("users")
    .set((eb) => ({ fans_count: eb("fans_count", "+", delta) }))
    .where("id", "=", targetId)
    .returning("fans_count")
    .executeTakeFirstOrThrow();
  return row.fans_count;
}

const followedAmong = prepared(
  (db, v: Record<string, number>) =>
    db.selectFrom("follows").select("target_id").where("user_id", "=", v.who).where("target_id", "in", idsOf(v)),
  idCountShape,
);

/** Which of these people the viewer follows: one query for a whole list. */
export async function followedIds(db: Kysely<DB>, viewerId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await followedAmong(db, personAndIds(viewerId, ids));
  return new Set(rows.map((r) => r.target_id));
}

/** A person as a list of people shows them. */
export const personColumns = [
  "u.id",
  "u.username",
  "u.nickname",
  "u.avatar",
  "u.small_avatar",
  "u.description",
  "u.work_count",
  "u.fans_count",
] as const;

export type PersonRow = Awaited<ReturnType<typeof listFollowers>>[number];

/** Who follows userId (or, with `whom`, whom userId follows), latest first. */
export function listFollowers(db: Kysely<DB>, userId: number, page: { whom?: boolean; after?: After; limit: number }) {
  const [mine, theirs] = page.whom ? (["f.user_id", "f.target_id"] as const) : (["f.target_id", "f.user_id"] as const);
  const query = db
    .selectFrom("follows as f")
    .innerJoin("users as u", "u.id", theirs)
    .select([...personColumns, "f.created_at as followed_at"])
    .where(mine, "=", userId);
  return newestFirst(query, { key: "f.created_at", id: "u.id", after: page.after, limit: page.limit }).execute();
}

/** The people who liked a work, latest like first (by the likes_work index). */
export function listLikers(db: Kysely<DB>, workId: number, page: { after?: After; limit: number }) {
  const query = db
    .selectFrom("likes as l")
    .innerJoin("users as u", "u.id", "l.user_id")
    .select([...personColumns, "l.created_at as liked_at"])
    .where("l.work_id", "=", workId);
  return newestFirst(query, { key: "l.created_at", id: "u.id", after: page.after, limit: page.limit }).execute();
}

/**
 * A like given or taken back moves its author's count while the work is live, as the row stands when this runs
 * (after the like's own change to the work's row, which waits for a hide or a deletion of the work in progress).
 */
export async function countLikeReceived(db: Kysely<DB>, workId: number, delta: 1 | -1) {
  await db
    .updateTable("users")
    .set({ like_received_count: sql`like_received_count + ${delta}` })
    .where(
      "id",
      "=",
      db.selectFrom("works").select("user_id").where("id", "=", workId).where("status", "=", WorkStatus.live),
    )
    .execute();
}

/** A work crossing the live line takes its likes to (1) or from (-1) its author's count. */
export async function carryLikesReceived(db: Kysely<DB>, workId: number, sign: 1 | -1) {
  const work = () => db.selectFrom("works").where("id", "=", workId);
  await db
    .updateTable("users")
    .set({ like_received_count: sql`like_received_count + ${sign} * (${work().select("like_count")})` })
    .where("id", "=", work().select("user_id"))
    .execute();
}

/**
 * The authors of the latest `recent` works, most followed first. A count of works rather than a span of time keeps
 * the cost the same on a quiet site and a busy one.
 */
export function activeCreators(db: Kysely<DB>, recent: number, limit: number) {
  return db
    .selectFrom("users as u")
    .select(personColumns)
    .where("u.id", "in", (eb) =>
      eb
        .selectFrom("works")
        .select("user_id")
        .where("status", "=", WorkStatus.live)
        .orderBy("created_at", "desc")
        .limit(recent),
    )
    .orderBy("u.fans_count", "desc")
    .orderBy("u.id", "desc")
    .limit(limit)
    .execute();
}

/** How many live works each of these people has in each node. */
export async function worksByNode(db: Kysely<DB>, userIds: number[]) {
  const out = new Map<number, Map<number, number>>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom("works")
    .select(["user_id", "node_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("user_id", "in", userIds)
    .where("status", "=", WorkStatus.live)
    .where("node_id", "is not", null)
    .groupBy(["user_id", "node_id"])
    .execute();
  for (const r of rows) {
    const byNode = out.get(r.user_id) ?? new Map<number, number>();
    byNode.set(r.node_id!, Number(r.n));
    out.set(r.user_id, byNode);
  }
  return out;
}
