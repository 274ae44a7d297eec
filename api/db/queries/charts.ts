import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { cardQuery } from "./works.ts";
import { prepared } from "../prepared.ts";

type VoteKey = { workId: number; userId: number; kind: number };

// Every like, favorite and comment passes through these: each is built once and only given values (prepared.ts).

const voteOf = prepared((db, v: VoteKey) =>
  db
    .selectFrom("chart_votes")
    .select(["day", "counted", "live"])
    .where("work_id", "=", v.workId)
    .where("user_id", "=", v.userId)
    .where("kind", "=", v.kind),
);

export const findVote = async (db: Kysely<DB>, v: VoteKey) => (await voteOf(db, v))[0];

const newVote = prepared((db, v: VoteKey & { day: number; at: number; counted: number }) =>
  db
    .insertInto("chart_votes")
    .values({ work_id: v.workId, user_id: v.userId, kind: v.kind, day: v.day, at: v.at, counted: v.counted, live: 1 })
    .onConflict((oc) => oc.columns(["work_id", "user_id", "kind"]).doNothing())
    .returning("work_id"),
);

/** A first vote; false when the member gave this one already (a concurrent request won). */
export async function insertVote(db: Kysely<DB>, v: VoteKey & { day: number; at: number; counted: boolean }) {
  return (await newVote(db, { ...v, counted: v.counted ? 1 : 0 })).length > 0;
}

const voteLive = prepared((db, v: VoteKey & { live: number; was: number }) =>
  db
    .updateTable("chart_votes")
    .set({ live: v.live })
    .where("work_id", "=", v.workId)
    .where("user_id", "=", v.userId)
    .where("kind", "=", v.kind)
    .where("live", "=", v.was)
    .returning("work_id"),
);

/** Withdraws a standing vote or restores a withdrawn one; false when it already was so. */
export async function setVoteLive(db: Kysely<DB>, v: VoteKey, live: boolean) {
  return (await voteLive(db, { ...v, live: live ? 1 : 0, was: live ? 0 : 1 })).length > 0;
}

const votesSince = prepared((db, v: { userId: number; since: number }) =>
  db
    .selectFrom("chart_votes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", v.userId)
    .where("at", ">", v.since),
);

/** The member's votes given since a moment (any works, counted or not). */
export async function countVotesSince(db: Kysely<DB>, userId: number, since: number) {
  return Number((await votesSince(db, { userId, since }))[0]?.n ?? 0);
}

const nodeOf = prepared((db, v: { workId: number }) =>
  db.selectFrom("works").select("node_id").where("id", "=", v.workId),
);

export async function nodeOfWork(db: Kysely<DB>, workId: number) {
  return (await nodeOf(db, { workId }))[0]?.node_id ?? null;
}

type Tally = { workId: number; nodeId: number | null; delta: number } & Record<
  `p${0 | 1 | 2}` | `s${0 | 1 | 2}`,
  unknown
>;

const addTallies = prepared((db, v: Tally) =>
  db
    .insertInto("chart_tallies")
    .values(
      ([0, 1, 2] as const).map((i) => ({
        period: v[`p${i}`] as string,
        start: v[`s${i}`] as number,
        work_id: v.workId,
        node_id: v.nodeId,
        score: v.delta,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["period", "start", "work_id"]).doUpdateSet((eb) => ({
        score: eb("chart_tallies.score", "+", eb.ref("excluded.score")),
      })),
    ),
);

/** Adds `delta` to the work's place on the day's, week's and month's charts (`starts`: each one's first day). */
export async function bumpTallies(
  db: Kysely<DB>,
  workId: number,
  nodeId: number | null,
  starts: readonly [
    { period: string; start: number },
    { period: string; start: number },
    { period: string; start: number },
  ],
  delta: number,
) {
  const [a, b, c] = starts;
  await addTallies(db, {
    workId,
    nodeId,
    delta,
    p0: a.period,
    s0: a.start,
    p1: b.period,
    s1: b.start,
    p2: c.period,
    s2: c.start,
  });
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
