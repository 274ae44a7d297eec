import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { NotificationTable } from "../schema-community.ts";
import type { Insertable } from "kysely";
import { cursorOf, newestTaking, pageShape, pageValues, type After, type PageValues } from "./keyset.ts";
import { authorColumns } from "./users.ts";
import { prepared } from "../prepared.ts";

/** Writes a notification unless its event was written before (user, dedupe); true when written. */
/** The new notification's id; null when the same event was told before. */
export async function insertNotification(db: Kysely<DB>, row: Insertable<NotificationTable>): Promise<number | null> {
  const written = await db
    .insertInto("notifications")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "dedupe"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return written?.id ?? null;
}

/** Someone's notifications, with who did it and what it concerns. */
function notificationQuery(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("notifications as n")
    .leftJoin("users as u", "u.id", "n.actor_id")
    .leftJoin("works as w", "w.id", "n.work_id")
    .leftJoin("comments as c", "c.id", "n.comment_id")
    .select([
      "n.id",
      "n.kind",
      "n.actor_id",
      "n.work_id",
      "n.comment_id",
      "n.detail",
      "n.read_at",
      "n.created_at",
      ...authorColumns,
      "w.title as work_title",
      sql<string | null>`substr(w.content, 1, 60)`.as("work_text"),
      sql<string | null>`substr(c.content, 1, 120)`.as("comment_text"),
      "c.status as comment_status",
    ])
    .where("n.user_id", "=", userId);
}

/** A page of someone's notifications, newest first. */
export function listNotifications(
  db: Kysely<DB>,
  userId: number,
  { after, limit, unreadOnly }: { after?: After; limit: number; unreadOnly?: boolean },
) {
  return notificationPage(db, { userId, unreadOnly, ...pageValues(limit, after) });
}

const notificationPage = prepared((db, v: PageValues & { userId: number }, call) => {
  let query = notificationQuery(db, v.userId);
  if (call.unreadOnly) query = query.where("n.read_at", "=", 0);
  return newestTaking(query, { key: "n.created_at", id: "n.id", after: cursorOf(v, call), take: v.take });
}, pageShape);

/** One of this person's notifications; undefined when it is not theirs. */
export function findNotification(db: Kysely<DB>, userId: number, id: number) {
  return notificationQuery(db, userId).where("n.id", "=", id).executeTakeFirst();
}

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/**
 * How many notifications and messages await this person, in one statement: every signed-in page's frame asks,
 * and on PostgreSQL each statement is a round trip of its own.
 */
const unread = prepared((db, v: { userId: number }) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom("notifications")
      .select(eb.fn.countAll().as("n"))
      .where("user_id", "=", v.userId)
      .where("read_at", "=", 0)
      .as("notifications"),
    eb
      .selectFrom("conversations")
      .select(sql<number>`coalesce(sum(unread_count), 0)`.as("n"))
      .where("user_id", "=", v.userId)
      .as("messages"),
  ]),
);

export async function countUnread(db: Kysely<DB>, userId: number) {
  const [row] = await unread(db, { userId });
  return { notifications: Number(row.notifications), messages: Number(row.messages) };
}

/** Marks one of this person's notifications read; false when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Kysely<DB>, userId: number, id: number, at: number) {
  const row = await db
    .updateTable("notifications")
    .set({ read_at: sql<number>`case when read_at = 0 then ${at} else read_at end` })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

/** Marks all of this person's unread notifications read; answers how many changed. */
export async function markAllNotificationsRead(db: Kysely<DB>, userId: number, at: number): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: at })
    .where("user_id", "=", userId)
    .where("read_at", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
