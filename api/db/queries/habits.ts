import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { prepared } from "../prepared.ts";

/**
 * A person's habits, read from their latest works and likes: the nodes they publish in or like most, and whose
 * works they already know. The recommended and New Horizons lists lean on them.
 */

/** The three nodes a person publishes in or likes most, of their latest works and likes. */
const habitsOf = prepared((db, v: { userId: number }) => habitNodesQuery(db, v.userId));

export async function habitNodes(db: Kysely<DB>, userId: number): Promise<number[]> {
  return (await habitsOf(db, { userId })).map((n) => n.node_id!);
}

/**
 * A person's latest works and likes, this many of each, tell their habits: every signed-in home page asks, and a
 * member with thousands of likes made each ask read them all.
 */
export const HABIT_WINDOW = 500;

/** The works a person liked last, newest first, at most HABIT_WINDOW of them. */
function lastLiked(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("likes")
    .select("work_id")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(HABIT_WINDOW);
}

export function habitNodesQuery(db: Kysely<DB>, userId: number) {
  // Their works and the works they liked, each read from its own index: `user_id = … or id in (…)` made
  // PostgreSQL scan every work on each signed-in page.
  const theirs = db
    .selectFrom(
      db
        .selectFrom("works")
        .select("id")
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(HABIT_WINDOW)
        .as("o"),
    )
    .select("o.id")
    .union(db.selectFrom(lastLiked(db, userId).as("l")).select("l.work_id as id"));
  return db
    .selectFrom("works")
    .select(["node_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("id", "in", theirs)
    .where("node_id", "is not", null)
    .groupBy("node_id")
    .orderBy("n", "desc")
    .limit(3);
}

/** What a viewer already knows: their habitual nodes, whom they follow and whose works they liked lately. */
export async function viewerHabits(db: Kysely<DB>, userId: number) {
  const liked = db.selectFrom(lastLiked(db, userId).as("l")).select("l.work_id");
  const [nodeIds, authors] = await Promise.all([
    habitNodes(db, userId),
    db
      .selectFrom("works")
      .select("user_id")
      .where("id", "in", liked)
      .union(db.selectFrom("follows").select("target_id as user_id").where("user_id", "=", userId))
      .execute(),
  ]);
  return { nodeIds, authorIds: authors.map((a) => a.user_id) };
}
