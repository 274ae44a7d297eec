import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { CommentStatus } from "../../../contract/shared/kinds.ts";
import { cursorOf, newestTaking, pageShape, pageValues, type PageValues } from "./keyset.ts";
import { authorColumns } from "./users.ts";
import { prepared } from "../prepared.ts";

function commentQuery(db: Kysely<DB>) {
  return db
    .selectFrom("comments as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("users as r", "r.id", "c.reply_to_user_id")
    .selectAll("c")
    .select([...authorColumns, "r.id as reply_to_id", "r.nickname as reply_to_nickname"])
    .where("c.status", "=", CommentStatus.live);
}
export type CommentRow = Awaited<ReturnType<typeof listTopComments>>[number];

export function findComment(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("comments")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", CommentStatus.live)
    .executeTakeFirst();
}

export async function insertComment(
  db: Kysely<DB>,
  row: {
    work_id: number;
    user_id: number;
    parent_id: number | null;
    reply_to_user_id: number | null;
    content: string;
    created_at: number;
    status?: number;
    status_reason?: string;
  },
) {
  return (await db.insertInto("comments").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export async function bumpReplyCount(db: Kysely<DB>, id: number, delta: number) {
  await db
    .updateTable("comments")
    .set((eb) => ({ reply_count: eb("reply_count", "+", delta) }))
    .where("id", "=", id)
    .execute();
}

/** Top-level comments of a work, newest first, keyset-paged; one extra row tells if more remain. */
const topComments = prepared((db, v: PageValues & { workId: number }, call) => {
  const query = commentQuery(db).where("c.work_id", "=", v.workId).where("c.parent_id", "is", null);
  return newestTaking(query, { key: "c.created_at", id: "c.id", after: cursorOf(v, call), take: v.take });
}, pageShape);

export function listTopComments(
  db: Kysely<DB>,
  workId: number,
  after: { key: number; id: number } | undefined,
  limit: number,
) {
  return topComments(db, { workId, ...pageValues(limit, after) });
}

/** Replies under these comments, oldest first, as a conversation reads. */
export function listReplies(db: Kysely<DB>, parentIds: number[]) {
  if (!parentIds.length) return Promise.resolve([]);
  return commentQuery(db)
    .where("c.parent_id", "in", parentIds)
    .orderBy("c.created_at", "asc")
    .orderBy("c.id", "asc")
    .execute();
}

/** Hides a comment and, for a top-level one, its replies; returns how many were hidden. */
export async function hideComment(db: Kysely<DB>, id: number): Promise<number> {
  const rows = await db
    .updateTable("comments")
    .set({ status: CommentStatus.deleted })
    .where("status", "=", CommentStatus.live)
    .where((eb) => eb.or([eb("id", "=", id), eb("parent_id", "=", id)]))
    .returning("id")
    .execute();
  return rows.length;
}

/** Users named in @mentions, by username or nickname. */
export function usersByNames(db: Kysely<DB>, names: string[]) {
  if (!names.length) return Promise.resolve([]);
  const lower = names.map((n) => n.toLowerCase());
  return db
    .selectFrom("users")
    .select(["id", "username", "nickname"])
    .where((eb) => eb.or([eb("username", "in", lower), eb("nickname", "in", names)]))
    .execute();
}

/** How many live comments someone has on a work. */
export async function liveCommentsBy(db: Kysely<DB>, workId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("work_id", "=", workId)
    .where("user_id", "=", userId)
    .where("status", "=", CommentStatus.live)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
