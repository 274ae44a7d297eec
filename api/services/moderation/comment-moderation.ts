import { nameAndAvatar } from "../people/users.ts";
import { bumpReplyCount } from "../../db/queries/comments.ts";
import {
  findAnyComment,
  pageAdminComments,
  moveCommentStatus,
  type AdminCommentRowData,
} from "../../db/queries/moderation.ts";
import { peopleNamed } from "../../db/queries/admin.ts";
import { ApiError } from "../../lib/errors.ts";
import { contentStates } from "../../../contract/admin/moderation.ts";
import type { CommentAction } from "../../../contract/admin/schemas.ts";
import type { AdminCommentRow, BulkResult } from "../../../contract/admin/views.ts";
import { CommentStatus, WorkStatus, type ContentStatus } from "../../../contract/shared/kinds.ts";
import type { Numbered } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { ADMIN_PAGE, numbered } from "../admin/admin-paging.ts";
import { audit } from "../admin/audit.ts";
import type { Deps } from "../deps.ts";
import { eachOnItsOwn } from "./bulk.ts";
import { notify } from "../inbox/inbox.ts";
import { transact, type Tx } from "../transaction.ts";
import { changeCounter } from "../works/interactions.ts";
import { takeBackComment } from "../scores.ts";
import { syncCommentVote } from "../browse/charts.ts";
import { assertMayModerate } from "./restrictions.ts";

export function adminCommentRow(r: AdminCommentRowData): AdminCommentRow {
  return {
    commentId: r.id,
    work: { artId: r.work_id, title: r.work_title || r.work_head.replace(/\s+/g, " ").trim() || "无标题" },
    author: nameAndAvatar(r.user_id, r),
    content: r.content,
    status: r.status as ContentStatus,
    statusReason: r.status_reason,
    createdAt: r.created_at,
  };
}

export async function adminComments(
  deps: Deps,
  q: { workId?: number; author: string; state?: string; q: string; page: number },
): Promise<Numbered<AdminCommentRow>> {
  const authorIds = q.author ? await peopleNamed(deps.db, q.author) : undefined;
  const status = contentStates.find((s) => s.key === q.state)?.status;
  const { rows, total } = await pageAdminComments(
    deps.db,
    { workId: q.workId, authorIds, status, q: q.q },
    (q.page - 1) * ADMIN_PAGE,
    ADMIN_PAGE,
  );
  return numbered(rows.map(adminCommentRow), total, q.page);
}

type Comment = NonNullable<Awaited<ReturnType<typeof findAnyComment>>>;

/** The work's comment count and the thread's reply count follow a comment across the live line. */
async function setStatus(tx: Tx, c: Comment, to: ContentStatus, reason: string) {
  const wasLive = c.status === CommentStatus.live;
  const isLive = to === CommentStatus.live;
  const values = { status: to, status_reason: isLive ? "" : reason };
  if (!(await moveCommentStatus(tx.trx, c.id, c.status, values)))
    throw new ApiError("validation", "评论状态刚被其他操作改变，请刷新后再试");
  if (wasLive === isLive) return;
  const delta = isLive ? 1 : -1;
  if (c.parent_id) await bumpReplyCount(tx.trx, c.parent_id, delta);
  if (c.work_status === WorkStatus.live) await changeCounter(tx.trx, c.work_id, "comment_count", delta);
  if (!isLive) await takeBackComment(tx, c.work_user_id, c.user_id, c.work_id);
  // The charts count the member while any comment of theirs there is live: hidden, gone; restored, back.
  await syncCommentVote(tx, { id: c.work_id, user_id: c.work_user_id }, c.user_id);
}

async function act(tx: Tx, staff: CurrentUserView, c: Comment, action: CommentAction, reason: string) {
  const fail = (message: string) => {
    throw new ApiError("validation", message);
  };
  // Hiding or removing: not the owner's words, and an admin's only by the owner.
  if (action !== "restore") assertMayModerate(staff, { id: c.user_id, roles: c.author_roles });
  if (action === "hide") {
    if (c.status === CommentStatus.hidden || c.status === CommentStatus.deleted) fail("评论已隐藏或已删除");
    await setStatus(tx, c, CommentStatus.hidden, reason);
    await notify(tx, {
      userId: c.user_id,
      actorId: 0,
      kind: "hidden",
      workId: c.work_id,
      commentId: c.id,
      detail: reason,
      dedupe: `hidden:c${c.id}:${tx.now}`,
    });
  } else if (action === "restore") {
    if (c.status === CommentStatus.live) fail("评论已是正常状态");
    await setStatus(tx, c, CommentStatus.live, "");
    await notify(tx, {
      userId: c.user_id,
      actorId: 0,
      kind: "restored",
      workId: c.work_id,
      commentId: c.id,
      dedupe: `restored:c${c.id}:${tx.now}`,
    });
  } else {
    if (c.status === CommentStatus.deleted) fail("评论已删除");
    await setStatus(tx, c, CommentStatus.deleted, reason);
  }
  await audit(tx.trx, tx.now, {
    actorId: staff.id,
    action: `comment.${action}`,
    targetKind: "comment",
    targetId: c.id,
    before: c.content.slice(0, 200),
    reason,
  });
}

export async function moderateComments(
  deps: Deps,
  staff: CurrentUserView,
  input: { ids: number[]; action: CommentAction; reason: string },
): Promise<BulkResult> {
  return eachOnItsOwn(
    input.ids,
    (id) => findAnyComment(deps.db, id),
    (c) => transact(deps, (tx) => act(tx, staff, c, input.action, input.reason)),
    "评论不存在或已删除",
  );
}
