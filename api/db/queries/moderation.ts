import { containing } from "./like.ts";
import { sql, type Kysely, type Updateable } from "kysely";
import type { CommentTable, DB } from "../schema.ts";

/** Works and comments in any state, as the admin area lists and changes them. */

export type AdminWorkFilter = {
  type?: number;
  nodeId?: number;
  authorIds?: number[];
  status?: number;
  ai?: number;
  license?: string;
  from?: number;
  to?: number;
  ids?: number[];
};

const workColumns = [
  "w.id",
  "w.type",
  "w.title",
  sql<string>`substr(w.content, 1, 80)`.as("text_head"),
  "w.user_id",
  "w.node_id",
  "w.status",
  "w.status_reason",
  "w.recommended_at",
  "w.pinned_at",
  "w.like_count",
  "w.comment_count",
  "w.created_at",
  "u.username",
  "u.nickname",
  "u.avatar",
  "u.small_avatar",
  "u.roles as author_roles",
  "n.name as node_name",
] as const;

// The filters read only the work's own columns, so a count needs no join: joining the author to every row only to
// count them was the page's whole cost at 100,000 works.
function worksQuery(db: Kysely<DB>, f: AdminWorkFilter) {
  let q = db.selectFrom("works as w");
  if (f.type !== undefined) q = q.where("w.type", "=", f.type);
  if (f.nodeId) q = q.where("w.node_id", "=", f.nodeId);
  if (f.authorIds) q = q.where("w.user_id", "in", f.authorIds.length ? f.authorIds : [0]);
  if (f.status !== undefined) q = q.where("w.status", "=", f.status);
  if (f.ai !== undefined) q = q.where("w.ai_label", "=", f.ai);
  if (f.license) q = q.where("w.license", "=", f.license).where("w.source_url", "=", "");
  if (f.from) q = q.where("w.created_at", ">=", f.from);
  if (f.to) q = q.where("w.created_at", "<", f.to);
  if (f.ids) q = q.where("w.id", "in", f.ids.length ? f.ids : [0]);
  return q;
}

const worksWithPeople = (db: Kysely<DB>, f: AdminWorkFilter) =>
  worksQuery(db, f).innerJoin("users as u", "u.id", "w.user_id").leftJoin("nodes as n", "n.id", "w.node_id");

export async function pageAdminWorks(db: Kysely<DB>, f: AdminWorkFilter, offset: number, limit: number) {
  const q = worksQuery(db, f);
  const [rows, count] = await Promise.all([
    worksWithPeople(db, f).select(workColumns).orderBy("w.id", "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AdminWorkRowData = Awaited<ReturnType<typeof pageAdminWorks>>["rows"][number];

export function findAnyWork(db: Kysely<DB>, id: number) {
  return worksWithPeople(db, { ids: [id] })
    .select(workColumns)
    .executeTakeFirst();
}

export type AdminCommentFilter = {
  workId?: number;
  authorIds?: number[];
  status?: number;
  q?: string;
  ids?: number[];
};

function commentsQuery(db: Kysely<DB>, f: AdminCommentFilter) {
  let q = db.selectFrom("comments as c");
  if (f.workId) q = q.where("c.work_id", "=", f.workId);
  if (f.authorIds) q = q.where("c.user_id", "in", f.authorIds.length ? f.authorIds : [0]);
  if (f.status !== undefined) q = q.where("c.status", "=", f.status);
  if (f.q) q = q.where("c.content", "like", containing(f.q));
  if (f.ids) q = q.where("c.id", "in", f.ids.length ? f.ids : [0]);
  return q;
}

const commentsWithPeople = (db: Kysely<DB>, f: AdminCommentFilter) =>
  commentsQuery(db, f).innerJoin("users as u", "u.id", "c.user_id").innerJoin("works as w", "w.id", "c.work_id");

const commentColumns = [
  "c.id",
  "c.work_id",
  "c.user_id",
  "c.parent_id",
  "c.content",
  "c.status",
  "c.status_reason",
  "c.created_at",
  "w.title as work_title",
  sql<string>`substr(w.content, 1, 40)`.as("work_head"),
  "w.status as work_status",
  "w.user_id as work_user_id",
  "u.username",
  "u.nickname",
  "u.avatar",
  "u.small_avatar",
  "u.roles as author_roles",
] as const;

export async function pageAdminComments(db: Kysely<DB>, f: AdminCommentFilter, offset: number, limit: number) {
  const q = commentsQuery(db, f);
  const [rows, count] = await Promise.all([
    commentsWithPeople(db, f).select(commentColumns).orderBy("c.id", "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AdminCommentRowData = Awaited<ReturnType<typeof pageAdminComments>>["rows"][number];

export function findAnyComment(db: Kysely<DB>, id: number) {
  return commentsWithPeople(db, { ids: [id] })
    .select(commentColumns)
    .executeTakeFirst();
}

/** Moves a comment out of the status it was read in; false when another request changed it first. */
export async function moveCommentStatus(db: Kysely<DB>, id: number, from: number, set: Updateable<CommentTable>) {
  const res = await db
    .updateTable("comments")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
