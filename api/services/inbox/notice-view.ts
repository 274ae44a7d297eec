import type { NotificationRow } from "../../db/queries/notifications.ts";
import { CommentStatus } from "../../../contract/shared/kinds.ts";
import type { NotificationKind } from "../../../contract/scores/growth.ts";
import type { NotificationView } from "../../../contract/inbox/views.ts";
import { userRef } from "../people/users.ts";

/** A notification's row as both the inbox and a push read it. */
export function notificationView(r: NotificationRow): NotificationView {
  const workTitle = r.work_title || (r.work_text ?? "").replace(/\s+/g, " ").trim();
  return {
    notificationId: r.id,
    kind: r.kind as NotificationKind,
    commentId: r.comment_id,
    actor: r.actor_id && r.user_nickname !== null ? userRef(r.actor_id, r as never) : null,
    work: r.work_id && r.work_text !== null ? { artId: r.work_id, title: workTitle.slice(0, 60) } : null,
    comment:
      r.comment_text === null ? "" : r.comment_status === CommentStatus.live ? r.comment_text : "（该评论已删除）",
    detail: r.detail,
    read: r.read_at > 0,
    createdAt: r.created_at,
  };
}
