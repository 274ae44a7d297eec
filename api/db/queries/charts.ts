import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { cardQuery } from "./works.ts";

type VoteKey = { workId: number; userId: number; kind: number };

export function findVote(db: Kysely<DB>, v: VoteKey) {
  return db
    .selectFrom("chart_votes")
    .select(["day", "counted", "live"])
    .where("work_id", "=", v.workId)
    .where("user_id", "=", v.userId)
    .where("kind", "=", v.kind)
    .executeTakeFirst();
}

/** A first vote; false when the member gave this one already (a concurrent request won). */
export async function insertVote(db: Kysely<DB>, v: VoteKey & { day: number; at: number; counted: boolean }) {
  const done = await db
    .insertInto("chart_votes")
    .values({
      work_id: v.workId,
      user_id: v.userId,
      kind: v.kind,
      day: v.day,
      at: v.at,
      counted: v.counted ? 1 : 0,
      live: 1,
    })
    .onConflict((oc) => oc.columns(["work_id", "user_id", "kind"]).doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Withdraws a standing vote or restores a withdrawn one; false when it already was so. */
export async function setVoteLive(db: Kysely<DB>, v: VoteKey, live: boolean) {
  const done = await db
    .updateTable("chart_votes")
    .set({ live: live ? 1 : 0 })
    .where("work_id", "=", v.workId)
    .where("user_id", "=", v.userId)
    .where("kind", "=", v.kind)
    .where("live", "=", live ? 0 : 1)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** The member's votes given since a moment (any works, counted or not). */
export async function countVotesSince(db: Kysely<DB>, userId: number, since: number) {
  const row = await db
    .selectFrom("chart_votes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nodeOfWork(db: Kysely<DB>, workId: number) {
  const row = await db.selectFrom("works").select("node_id").where("id", "=", workId).executeTakeFirst();
  return row?.node_id ?? null;
}

/** Adds `delta` to the work's place on each period's chart (`starts`: each period's first day). */
export async function bumpTallies(
  db: Kysely<DB>,
  workId: number,
  nodeId: number | null,
  starts: { period: string; start: number }[],
  delta: number,
) {
  await db
    .insertInto("chart_tallies")
    .values(starts.map((s) => ({ ...s, work_id: workId, node_id: nodeId, score: delta })))
    .onConflict((oc) =>
      oc.columns(["period", "start", "work_id"]).doUpdateSet((eb) => ({
        score: eb("chart_tallies.score", "+", eb.ref("excluded.score")),
      })),
    )
    .execute();
}

/** A work moved to another node takes its places on the nodes' charts with it. */
export async function moveTallies(db: Kysely<DB>, workId: number, nodeId: number | null) {
  await db.updateTable("chart_tallies").set({ node_id: nodeId }).where("work_id", "=", workId).execute();
}

type ChartQuery = { period: string; start: number; nodeId: number | null; limit: number };

/**
 * The top of one period's chart, live works only, each row a card with its weight (`chart_score`): a range of
 * the tallies' index read backwards, whatever the number of works (explain.test.ts).
 */
export const chartRows = (db: Kysely<DB>, q: ChartQuery) => chartQuery(db, q).execute();

export function chartQuery(db: Kysely<DB>, q: ChartQuery) {
  let query = cardQuery(db)
    .innerJoin("chart_tallies as t", "t.work_id", "w.id")
    .select("t.score as chart_score")
    .where("t.period", "=", q.period)
    .where("t.start", "=", q.start)
    .where("t.score", ">", 0);
  if (q.nodeId !== null) query = query.where("t.node_id", "=", q.nodeId);
  return query.orderBy("t.score", "desc").orderBy("t.work_id", "desc").limit(q.limit);
}
