import { insertNotification } from "../../db/queries/notifications.ts";
import { blockStanding } from "../../db/queries/messages.ts";
import type { NotificationKind } from "../../../contract/scores/growth.ts";
import type { Tx } from "../transaction.ts";
import { pushKindOf } from "../../../contract/push/kinds.ts";

export type Event = {
  /** Whom it happened to. */
  userId: number;
  /** Who did it; 0 for the site (a level reached, an admin's decision shown without a name). */
  actorId: number;
  kind: NotificationKind;
  workId?: number;
  commentId?: number;
  detail?: string;
  /** Names the event: the same event is never written twice (a like, unlike, like loop tells once). */
  dedupe: string;
};

/** What a member does; the rest (a removal, a recommendation, a level) is the site's word and always told. */
const fromMembers = new Set<NotificationKind>(["like", "favorite", "comment", "reply", "mention", "follow", "tip"]);

/**
 * Tells someone what happened, once per event, and never about their own doing, nor what someone they block
 * did.
 */
export async function notify(tx: Tx, e: Event): Promise<boolean> {
  if (e.actorId === e.userId) return false;
  if (fromMembers.has(e.kind) && (await blockStanding(tx.trx, e.userId, e.actorId)).blocking) return false;
  const written = await insertNotification(tx.trx, {
    user_id: e.userId,
    actor_id: e.actorId,
    kind: e.kind,
    work_id: e.workId ?? 0,
    comment_id: e.commentId ?? 0,
    detail: e.detail ?? "",
    dedupe: e.dedupe,
    created_at: tx.now,
  });
  if (written === null) return false;
  tx.touched.add(e.userId);
  const push = pushKindOf(e.kind);
  if (push) tx.pushes?.push({ userId: e.userId, kind: push, ref: written });
  return true;
}
