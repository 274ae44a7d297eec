import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { cursorOf, newestFirst, newestTaking, pageShape, pageValues, type After, type PageValues } from "./keyset.ts";
import { authorColumns } from "./users.ts";
import { prepared } from "../prepared.ts";

/** The two ids of a conversation, lower first, as private_messages stores them. */
export const pairOf = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

/** How much of the last message the conversation list keeps. */
const LAST_HEAD = 100;

/**
 * Stores a message and moves both sides of the conversation to it: the sender's side is read, the recipient's
 * gains one unread. One statement per side, so parallel sends keep the counts exact.
 */
export async function insertMessage(
  db: Kysely<DB>,
  m: { senderId: number; recipientId: number; content: string; at: number },
): Promise<number> {
  const { low, high } = pairOf(m.senderId, m.recipientId);
  const { id } = await db
    .insertInto("private_messages")
    .values({
      pair_low: low,
      pair_high: high,
      sender_id: m.senderId,
      recipient_id: m.recipientId,
      content: m.content,
      created_at: m.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const last = {
    last_message_id: id,
    last_sender_id: m.senderId,
    last_content: m.content.slice(0, LAST_HEAD),
    last_at: m.at,
  };
  for (const [userId, peerId, unread] of [
    [m.senderId, m.recipientId, 0],
    [m.recipientId, m.senderId, 1],
  ] as const) {
    await db
      .insertInto("conversations")
      .values({ user_id: userId, peer_id: peerId, ...last, unread_count: unread })
      .onConflict((oc) =>
        oc.columns(["user_id", "peer_id"]).doUpdateSet((eb) => ({
          ...last,
          unread_count: unread ? eb("conversations.unread_count", "+", 1) : eb.ref("conversations.unread_count"),
        })),
      )
      .execute();
  }
  return id;
}

/** A page of a conversation, newest first. */
export function listMessages(db: Kysely<DB>, a: number, b: number, opts: { after?: After; limit: number }) {
  const { low, high } = pairOf(a, b);
  const query = db
    .selectFrom("private_messages")
    .select(["id", "sender_id", "content", "read_at", "created_at"])
    .where("pair_low", "=", low)
    .where("pair_high", "=", high);
  return newestFirst(query, { key: "created_at", id: "id", after: opts.after, limit: opts.limit }).execute();
}

/** Someone's conversations, the latest first, each with the other person. */
const conversationPage = prepared((db, v: PageValues & { userId: number }, call) => {
  let query = db
    .selectFrom("conversations as c")
    .innerJoin("users as u", "u.id", "c.peer_id")
    .select(["c.peer_id as id", "c.last_sender_id", "c.last_content", "c.last_at", "c.unread_count", ...authorColumns])
    .where("c.user_id", "=", v.userId);
  if (call.unreadOnly) query = query.where("c.unread_count", ">", 0);
  return newestTaking(query, { key: "c.last_at", id: "c.peer_id", after: cursorOf(v, call), take: v.take });
}, pageShape);

export function listConversations(
  db: Kysely<DB>,
  userId: number,
  { after, limit, unreadOnly }: { after?: After; limit: number; unreadOnly?: boolean },
) {
  return conversationPage(db, { userId, unreadOnly, ...pageValues(limit, after) });
}

export type ConversationRow = Awaited<ReturnType<typeof listConversations>>[number];

/** Marks what `userId` received from `peerId` read; answers how many messages were unread. */
export async function markConversationRead(db: Kysely<DB>, userId: number, peerId: number, at: number) {
  const side = await db
    .updateTable("conversations")
    .set({ unread_count: 0 })
    .where("user_id", "=", userId)
    .where("peer_id", "=", peerId)
    .where("unread_count", ">", 0)
    .returning("unread_count")
    .executeTakeFirst();
  if (!side) return 0;
  const { low, high } = pairOf(userId, peerId);
  const result = await db
    .updateTable("private_messages")
    .set({ read_at: at })
    .where("pair_low", "=", low)
    .where("pair_high", "=", high)
    .where("recipient_id", "=", userId)
    .where("read_at", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setBlock(db: Kysely<DB>, userId: number, targetId: number, on: boolean, at: number) {
  if (on)
    await db
      .insertInto("blocks")
      .values({ user_id: userId, target_id: targetId, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else await db.deleteFrom("blocks").where("user_id", "=", userId).where("target_id", "=", targetId).execute();
}

/** Whether `a` blocks `b` and whether `b` blocks `a`. */
export async function blockStanding(db: Kysely<DB>, a: number, b: number) {
  const rows = await db
    .selectFrom("blocks")
    .select(["user_id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", a), eb("target_id", "=", b)]),
        eb.and([eb("user_id", "=", b), eb("target_id", "=", a)]),
      ]),
    )
    .execute();
  return { blocking: rows.some((r) => r.user_id === a), blockedBy: rows.some((r) => r.user_id === b) };
}
