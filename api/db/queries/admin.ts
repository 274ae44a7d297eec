import { containing } from "./like.ts";
import { sql, type Insertable, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { AuditLogTable, SigninTable } from "../schema-community.ts";
import { CommentStatus, WorkStatus } from "../../../contract/shared/kinds.ts";

/** The admin area's reads of people, their sign-ins, and the audit log. */

const personColumns = [
  "u.id",
  "u.username",
  "u.nickname",
  "u.avatar",
  "u.small_avatar",
  "u.email",
  "u.phone",
  "u.roles",
  "u.status",
  "u.muted_until",
  "u.mute_reason",
  "u.banned_until",
  "u.ban_reason",
  "u.work_count",
  "u.score",
  "u.description",
  "u.created_at",
] as const;

/** People whose nickname, username, e-mail or phone holds the words, newest first; everyone without words. */
export function searchPeople(db: Kysely<DB>, q: string, offset: number, limit: number) {
  let query = db.selectFrom("users as u");
  if (q) {
    const pattern = containing(q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(u.nickname)`, "like", pattern),
        eb("u.username", "like", pattern),
        eb("u.email", "like", pattern),
        eb("u.phone", "like", pattern),
      ]),
    );
  }
  return Promise.all([
    query.select(personColumns).orderBy("u.id", "desc").offset(offset).limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]).then(([rows, count]) => ({ rows, total: Number(count.n) }));
}
export type PersonRow = Awaited<ReturnType<typeof searchPeople>>["rows"][number];

export function findPerson(db: Kysely<DB>, id: number) {
  return db.selectFrom("users as u").select(personColumns).where("u.id", "=", id).executeTakeFirst();
}

export async function insertSignin(db: Kysely<DB>, row: Insertable<SigninTable>) {
  await db.insertInto("signins").values(row).execute();
}

export function listSignins(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom("signins")
    .select(["ip", "client", "way", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function insertAudit(db: Kysely<DB>, row: Insertable<AuditLogTable>) {
  await db.insertInto("audit_log").values(row).execute();
}

export function pageAudit(
  db: Kysely<DB>,
  f: { actorIds?: number[]; action?: string; from?: number; to?: number },
  offset: number,
  limit: number,
) {
  let query = db.selectFrom("audit_log as a").innerJoin("users as u", "u.id", "a.actor_id");
  if (f.actorIds) query = query.where("a.actor_id", "in", f.actorIds.length ? f.actorIds : [0]);
  if (f.action) query = query.where("a.action", "=", f.action);
  if (f.from) query = query.where("a.created_at", ">=", f.from);
  if (f.to) query = query.where("a.created_at", "<", f.to);
  return Promise.all([
    query
      .select([
        "a.id",
        "a.actor_id",
        "a.action",
        "a.target_kind",
        "a.target_id",
        "a.before",
        "a.after",
        "a.reason",
        "a.created_at",
        "u.username",
        "u.nickname",
        "u.avatar",
        "u.small_avatar",
      ])
      .orderBy("a.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]).then(([rows, count]) => ({ rows, total: Number(count.n) }));
}

/** Ids of people a name picks: an exact username, or nicknames holding it. */
export async function peopleNamed(db: Kysely<DB>, name: string): Promise<number[]> {
  const key = name.trim().toLowerCase();
  if (/^\d+$/.test(key)) return [Number(key)];
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb("username", "=", key), eb(sql`lower(nickname)`, "like", containing(key))]))
    .limit(200)
    .execute();
  return rows.map((r) => r.id);
}

const notDeleted = Object.values(WorkStatus).filter((s) => s !== WorkStatus.deleted);

/** How many rows of a table were made on each China day since `since` (a day is `floor((t + 8h) / 1 day)`). */
export async function perDay(
  db: Kysely<DB>,
  table: "users" | "works" | "comments" | "likes",
  since: number,
  offsetMs: number,
): Promise<Map<number, number>> {
  const day = sql<number>`(created_at + ${sql.lit(offsetMs)}) / 86400000`;
  let query = db.selectFrom(table as "users").select([day.as("day"), (eb) => eb.fn.countAll<number>().as("n")]);
  query = query.where("created_at", ">=", since);
  // Named statuses rather than `<> deleted`: the inequality made SQLite read every work; the list reads each
  // status's days from works_status_created.
  if (table === "works") query = query.where(sql.ref("status"), "in", notDeleted);
  if (table === "comments") query = query.where(sql.ref("status"), "<>", CommentStatus.deleted);
  const rows = await query.groupBy(day).execute();
  return new Map(rows.map((r) => [Math.floor(Number(r.day)), Number(r.n)]));
}

/**
 * How many different people signed in, published, commented or liked on each China day since `since`. Works are
 * read whole: through works_status_created (every status named) it took ten times as long at a million, because
 * each work's author is then a lookup of its own.
 */
export async function activePerDay(db: Kysely<DB>, since: number, offsetMs: number): Promise<Map<number, number>> {
  const offset = sql.lit(offsetMs);
  const rows = await sql<{ day: number; n: number }>`
    select d as day, count(distinct user_id) as n from (
      select user_id, (created_at + ${offset}) / 86400000 as d from signins where created_at >= ${since}
      union all select user_id, (created_at + ${offset}) / 86400000 from works where created_at >= ${since}
      union all select user_id, (created_at + ${offset}) / 86400000 from comments where created_at >= ${since}
      union all select user_id, (created_at + ${offset}) / 86400000 from likes where created_at >= ${since}
      union all select user_id, (created_at + ${offset}) / 86400000 from checkins where created_at >= ${since}
    ) as acts group by d`.execute(db);
  return new Map(rows.rows.map((r) => [Math.floor(Number(r.day)), Number(r.n)]));
}

/** Live comments, or likes (a like leaves with its work's removal only from the counters). */
export async function countRows(db: Kysely<DB>, table: "comments" | "likes") {
  let query = db.selectFrom(table as "comments").select((eb) => eb.fn.countAll<number>().as("n"));
  if (table === "comments") query = query.where("status", "=", CommentStatus.live);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function countInReview(db: Kysely<DB>) {
  const [w, c] = await Promise.all([
    db
      .selectFrom("works")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", WorkStatus.review)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", CommentStatus.review)
      .executeTakeFirstOrThrow(),
  ]);
  return { works: Number(w.n), comments: Number(c.n) };
}
