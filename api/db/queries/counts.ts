import { sql, type Kysely, type RawBuilder } from "kysely";
import { CommentStatus, WorkStatus } from "../../../contract/shared/kinds.ts";
import type { DB } from "../schema.ts";

const live = WorkStatus.live;

type Counter = [table: keyof DB, column: string, count: RawBuilder<unknown>];

/** A person's likes, counted from their live works' own counts (which the demo seed sets beyond its few members). */
const likesReceived: Counter = [
  "users",
  "like_received_count",
  sql`select coalesce(sum(works.like_count), 0) from works where works.user_id = users.id and works.status = ${live}`,
];

/** Each denormalized counter and the fact it counts, as a subquery on the counted row. */
const counters: Counter[] = [
  ["users", "work_count", sql`select count(*) from works where works.user_id = users.id and works.status = ${live}`],
  ["users", "follow_count", sql`select count(*) from follows where follows.user_id = users.id`],
  ["users", "fans_count", sql`select count(*) from follows where follows.target_id = users.id`],
  ["nodes", "work_count", sql`select count(*) from works where works.node_id = nodes.id and works.status = ${live}`],
  [
    "tags",
    "work_count",
    sql`select count(*) from work_tags join works on works.id = work_tags.work_id where work_tags.tag_id = tags.id and works.status = ${live}`,
  ],
  [
    "works",
    "comment_count",
    sql`select count(*) from comments where comments.work_id = works.id and comments.status = ${CommentStatus.live}`,
  ],
  [
    "works",
    "commenter_count",
    sql`select count(distinct comments.user_id) from comments where comments.work_id = works.id and comments.status = ${CommentStatus.live} and comments.user_id <> works.user_id`,
  ],
  [
    "comments",
    "reply_count",
    sql`select count(*) from comments as r where r.parent_id = comments.id and r.status = ${CommentStatus.live}`,
  ],
  likesReceived,
];

const set = ([table, column, count]: Counter) => sql`update ${sql.table(table)} set ${sql.ref(column)} = (${count})`;

/** Sets every denormalized counter from the facts it counts (after a bulk load such as the seed). */
export async function recount(db: Kysely<DB>) {
  for (const counter of counters) await set(counter).execute(db);
}

/** Sets each person's likes received again, after a bulk load that set the works' like counts itself. */
export async function recountLikesReceived(db: Kysely<DB>) {
  await set(likesReceived).execute(db);
}

/** Counters kept in the same transaction as the rows they count (recount leaves them alone). */
const kept: typeof counters = [
  ["works", "like_count", sql`select count(*) from likes where likes.work_id = works.id`],
  ["works", "favorite_count", sql`select count(*) from favorites where favorites.work_id = works.id`],
];

/** Every counter that disagrees with the facts it counts; none, unless a write was half done. */
export async function counterDrift(db: Kysely<DB>) {
  const drift: { counter: string; id: number; stored: number; actual: number }[] = [];
  for (const [table, column, count] of [...counters, ...kept]) {
    const { rows } = await sql<{ id: number; stored: number; actual: number }>`
      select id, ${sql.ref(column)} as stored, (${count}) as actual from ${sql.table(table)}
      where ${sql.ref(column)} <> (${count})`.execute(db);
    for (const row of rows)
      drift.push({ counter: `${table}.${column}`, id: row.id, stored: Number(row.stored), actual: Number(row.actual) });
  }
  return drift;
}
