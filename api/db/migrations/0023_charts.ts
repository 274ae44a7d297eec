import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Dialect } from "../index.ts";

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 28_800_000;

/**
 * Charts (排行榜, issue 36), kept as they happen rather than counted when asked:
 *
 * - `chart_votes`: a member's first like, favorite or comment on someone else's work (kind 1, 2, 3), the China day
 *   it came, whether it counted (not part of a burst) and whether it still stands (unliked, comments all gone: not);
 * - `chart_tallies`: per period (day, week from Monday, month) and work, the weight of the votes that stand, with
 *   the work's node beside it so a node's chart is one index range too.
 *
 * The marks made before this migration become votes on the days they were made, weighed as contract/charts/charts.ts
 * weighs them today (like 1, favorite 2, comments 1), and are all counted: bursts cannot be told afterwards.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("chart_votes")
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "integer", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("counted", "integer", (c) => c.notNull())
    .addColumn("live", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("chart_votes_pk", ["work_id", "user_id", "kind"])
    .execute();
  // A member's latest votes, to tell a burst.
  await db.schema.createIndex("chart_votes_user_at").on("chart_votes").columns(["user_id", "at"]).execute();
  await db.schema
    .createTable("chart_tallies")
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("start", "integer", (c) => c.notNull())
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("node_id", "integer")
    .addColumn("score", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("chart_tallies_pk", ["period", "start", "work_id"])
    .execute();
  // A chart is the top of one of these ranges, read backwards: no sort, whatever the number of works.
  await db.schema
    .createIndex("chart_tallies_rank")
    .on("chart_tallies")
    .columns(["period", "start", "score", "work_id"])
    .execute();
  await db.schema
    .createIndex("chart_tallies_node_rank")
    .on("chart_tallies")
    .columns(["period", "start", "node_id", "score", "work_id"])
    .execute();
  await backfill(db);
}

async function backfill(db: Kysely<unknown>) {
  const day = (column: string) => sql.raw(`(${column} + ${CHINA_OFFSET_MS}) / ${DAY_MS}`);
  for (const [table, kind] of [
    ["likes", 1],
    ["favorites", 2],
  ] as const)
    await sql`insert into chart_votes (work_id, user_id, kind, day, at, counted, live)
      select m.work_id, m.user_id, ${sql.lit(kind)}, ${day("m.created_at")}, m.created_at, 1, 1
      from ${sql.table(table)} m join works w on w.id = m.work_id
      where m.user_id <> w.user_id`.execute(db);
  // A live comment (status 0) by someone other than the author; one vote per member and work, at their first.
  await sql`insert into chart_votes (work_id, user_id, kind, day, at, counted, live)
    select c.work_id, c.user_id, 3, ${day("min(c.created_at)")}, min(c.created_at), 1, 1
    from comments c join works w on w.id = c.work_id
    where c.status = 0 and c.user_id <> w.user_id
    group by c.work_id, c.user_id`.execute(db);
  const weight = sql.raw("sum(case v.kind when 2 then 2 else 1 end)");
  // A month's start is a number in the SQL, which GROUP BY would take for a column's position: not grouped by.
  const tally = (period: string, start: string, where?: RawBuilder<unknown>) =>
    sql`insert into chart_tallies (period, start, work_id, node_id, score)
      select ${sql.lit(period)}, ${sql.raw(start)}, v.work_id, w.node_id, ${weight}
      from chart_votes v join works w on w.id = v.work_id
      where 1 = 1 ${where ?? sql``}
      group by ${where ? sql`` : sql`${sql.raw(start)}, `}v.work_id, w.node_id`.execute(db);
  await tally("day", "v.day");
  // Weeks start on Monday; day 4 of the epoch (1970-01-05) was one.
  await tally("week", "v.day - (v.day + 3) % 7");
  // Months are uneven: each one seen gets its own range of days.
  const days = await sql<{ day: number }>`select distinct day from chart_votes`.execute(db);
  const months = new Map<number, number>();
  for (const { day: d } of days.rows) {
    const date = new Date(Number(d) * DAY_MS);
    const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
    months.set(first, Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS - 1);
  }
  for (const [first, last] of months) await tally("month", String(first), sql`and v.day between ${first} and ${last}`);
}
