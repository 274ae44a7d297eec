import { findLiveWork } from "../db/queries/interactions.ts";
import {
  bumpReplyCount,
  findComment,
  hideComment,
  insertComment,
  listReplies,
  listTopComments,
  usersByNames,
  type CommentRow,
} from "../db/queries/comments.ts";
import { ApiError } from "../lib/errors.ts";
import type { CommentView, CurrentUserView, Page } from "../../contract/types.ts";
import type { Deps } from "./deps.ts";
import { changeCounter } from "./interactions.ts";
import { isStaff } from "../../contract/roles.ts";
import { decodeCursor, keysetPage } from "./works.ts";

export const COMMENT_PAGE_SIZE = 20;

/** @name: letters, digits, CJK, underscore and hyphen, as usernames and nicknames are written. */
const MENTION = /@([\p{L}\p{N}_-]{1,20})/gu;

export function mentionedNames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[1]))];
}

export async function postComment(
  deps: Deps,
  user: CurrentUserView,
  input: { workId: number; content: string; replyTo?: number },
): Promise<{ commentId: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const work = await findLiveWork(trx, input.workId);
    if (!work) throw new ApiError("notFound", "作品不存在或已删除");
    let parentId: number | null = null;
    let replyToUser: number | null = null;
    if (input.replyTo) {
      const target = await findComment(trx, input.replyTo);
      if (!target || target.work_id !== input.workId) throw new ApiError("notFound", "要回复的评论不存在或已删除");
      // Two levels: a reply to a reply joins the same thread and names whom it answers.
      parentId = target.parent_id ?? target.id;
      replyToUser = target.user_id;
    }
    const commentId = await insertComment(trx, {
      work_id: input.workId,
      user_id: user.id,
      parent_id: parentId,
      reply_to_user_id: replyToUser,
      content: input.content,
      created_at: deps.now(),
    });
    if (parentId) await bumpReplyCount(trx, parentId, 1);
    await changeCounter(trx, input.workId, "comment_count", 1);
    return { commentId };
  });
}

export async function removeComment(deps: Deps, user: CurrentUserView, id: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const comment = await findComment(trx, id);
    if (!comment) throw new ApiError("notFound", "评论不存在或已删除");
    const work = await findLiveWork(trx, comment.work_id);
    const allowed = comment.user_id === user.id || work?.user_id === user.id || isStaff(user);
    if (!allowed) throw new ApiError("forbidden", "只能删除自己的评论，或自己作品下的评论");
    const hidden = await hideComment(trx, id);
    if (comment.parent_id) await bumpReplyCount(trx, comment.parent_id, -1);
    if (work) await changeCounter(trx, comment.work_id, "comment_count", -hidden);
  });
}

export async function listComments(
  deps: Deps,
  workId: number,
  cursor: string | undefined,
  viewer: CurrentUserView | null,
): Promise<Page<CommentView>> {
  const work = await findLiveWork(deps.db, workId);
  if (!work) throw new ApiError("notFound", "作品不存在或已删除");
  const rows = await listTopComments(deps.db, workId, decodeCursor(cursor), COMMENT_PAGE_SIZE);
  const { page: top, hasMore, cursor: next } = keysetPage(rows, COMMENT_PAGE_SIZE, (r) => r.created_at);
  const replies = await listReplies(
    deps.db,
    top.map((r) => r.id),
  );
  const names = mentionedNames([...top, ...replies].map((r) => r.content).join(" "));
  const named = await usersByNames(deps.db, names);
  const idOf = new Map<string, number>();
  // A username outranks a nickname, so no one can take over @someone with a look-alike.
  for (const u of named) idOf.set(u.nickname, u.id);
  for (const u of named) idOf.set(u.username, u.id);
  const may = (r: CommentRow) => !!viewer && (r.user_id === viewer.id || work.user_id === viewer.id || isStaff(viewer));
  const view = (r: CommentRow): CommentView => ({
    commentId: r.id,
    content: r.content,
    createdAt: r.created_at,
    user: {
      id: r.user_id,
      nickname: r.user_nickname,
      username: r.user_username,
      avatar: r.user_avatar,
      smallAvatar: r.user_small_avatar || r.user_avatar,
    },
    replyTo:
      r.parent_id && r.reply_to_id && r.reply_to_nickname ? { id: r.reply_to_id, nickname: r.reply_to_nickname } : null,
    mentions: Object.fromEntries(
      mentionedNames(r.content).flatMap((n) =>
        idOf.has(n) ? [[n, idOf.get(n)!]] : idOf.has(n.toLowerCase()) ? [[n, idOf.get(n.toLowerCase())!]] : [],
      ),
    ),
    canDelete: may(r),
    replyCount: r.reply_count,
    replies: [],
  });
  const results = top.map((r) => ({ ...view(r), replies: replies.filter((x) => x.parent_id === r.id).map(view) }));
  return { results, cursor: next, hasMore };
}
