import { findLiveWork } from "../../db/queries/interactions.ts";
import { MENTION } from "../../../contract/works/mentions.ts";
import { likedCommentIds, setCommentLike } from "../../db/queries/comment-likes.ts";
import {
  bumpReplyCount,
  findComment,
  hideComment,
  insertComment,
  listReplies,
  listTopComments,
  usersByNames,
  type CommentRow,
} from "../../db/queries/comments.ts";
import { ApiError } from "../../lib/errors.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { CommentView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { assertMayModerate, assertMayPost } from "../moderation/restrictions.ts";
import { findUserById } from "../../db/queries/users.ts";
import { screen } from "../moderation/sensitive-words.ts";
import { CommentStatus } from "../../../contract/shared/kinds.ts";
import { assertVerified } from "../signin/ways-in.ts";
import { changeCounter } from "./interactions.ts";
import { notify } from "../inbox/inbox.ts";
import { transact, type Tx } from "../transaction.ts";
import { payForComment, takeBackComment } from "../scores.ts";
import { castVote, syncCommentVote } from "../browse/charts.ts";
import { isStaff } from "../../../contract/shared/roles.ts";
import { decodeCursor, keysetPage } from "../paging.ts";
import { userRef } from "../people/users.ts";
import { seesWork } from "./works.ts";
import { workState } from "../../db/queries/works.ts";

export const COMMENT_PAGE_SIZE = 20;

export function mentionedNames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[1]))];
}

/** How many people one comment may @: enough for a conversation, too few for a mailing list. */
export const MENTIONS_MAX = 10;

/** Posts a comment or a reply (two levels: a reply to a reply joins its thread and names whom it answers). */
export async function postComment(
  deps: Deps,
  user: CurrentUserView,
  input: { workId: number; content: string; replyTo?: number },
): Promise<{ commentId: number; held: boolean }> {
  assertVerified(deps, user);
  assertMayPost(deps, user);
  for (const rule of ["commentMinute", "commentHour"] as const)
    if (await deps.limiter.hit(rule, String(user.id)))
      throw new ApiError("tooManyRequests", "评论太频繁了，请稍后再试");
  const screened = await screen(deps, { content: input.content });
  // People @-named past the hour's allowance are still linked, but not told.
  let mentionsTold = 0;
  for (const _ of mentionedNames(screened.fields.content).slice(0, MENTIONS_MAX)) {
    if (await deps.limiter.hit("mentionHour", String(user.id))) break;
    mentionsTold++;
  }
  const content = screened.fields.content;
  const held = screened.review !== null;
  return transact(deps, async (tx) => {
    const { trx } = tx;
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
      content,
      created_at: tx.now,
      // A word on the review list holds the comment until an admin lets it through (admin area, 评论).
      ...(held ? { status: CommentStatus.review, status_reason: `含送审词“${screened.review}”` } : {}),
    });
    if (held) return { commentId, held };
    if (parentId) await bumpReplyCount(trx, parentId, 1);
    await changeCounter(trx, input.workId, "comment_count", 1);

    await afterComment(tx, {
      id: commentId,
      userId: user.id,
      work: { id: work.id, user_id: work.user_id },
      replyToUser,
      content,
      mentionsTold,
    });
    return { commentId, held };
  });
}

/**
 * What a comment sets off: the work's author hears of it, the person answered of the reply, anyone named with @ of
 * the mention (once per person who names them and work, however often they are named again); each once, none
 * about their own words. Someone else's comment pays the author (once per commenter and work: scores.ts).
 */
export async function afterComment(
  tx: Tx,
  c: {
    id: number;
    userId: number;
    work: { id: number; user_id: number };
    replyToUser: number | null;
    content: string;
    /** How many of the @-named to tell (the commenter's hourly allowance); all by default. */
    mentionsTold?: number;
  },
) {
  const told = new Set<number>([c.userId]);
  const tell = async (userId: number, kind: "comment" | "reply" | "mention") => {
    if (told.has(userId)) return;
    told.add(userId);
    const written = await notify(tx, {
      userId,
      actorId: c.userId,
      kind,
      workId: c.work.id,
      commentId: c.id,
      dedupe: kind === "mention" ? `mention:${c.work.id}:${c.userId}` : `${kind}:${c.id}`,
    });
    // The author's webhooks hear of it as their inbox does (never of their own words, nor of someone they block).
    if (written && kind === "comment") {
      const data = { commentId: c.id, workId: c.work.id, authorId: c.userId, content: c.content };
      tx.webhooks.push({ event: "comment.received", userId, data });
    }
  };
  if (c.replyToUser) await tell(c.replyToUser, "reply");
  await tell(c.work.user_id, "comment");
  const names = mentionedNames(c.content).slice(0, c.mentionsTold ?? MENTIONS_MAX);
  for (const id of resolveMentions(await usersByNames(tx.trx, names), names).values()) await tell(id, "mention");
  await payForComment(tx, c.work.user_id, c.userId, c.work.id);
  await castVote(tx, { workId: c.work.id, authorId: c.work.user_id, userId: c.userId, kind: "comment" }, true);
}

/**
 * Which user each @name means. A username outranks a nickname, so no one can take over @someone with a
 * look-alike; usernames are matched in lower case.
 */
export function resolveMentions(named: { id: number; username: string; nickname: string }[], names: string[]) {
  const idOf = new Map<string, number>();
  for (const u of named) idOf.set(u.nickname, u.id);
  for (const u of named) idOf.set(u.username, u.id);
  const found = new Map<string, number>();
  for (const n of names) {
    const id = idOf.get(n) ?? idOf.get(n.toLowerCase());
    if (id) found.set(n, id);
  }
  return found;
}

export async function removeComment(deps: Deps, user: CurrentUserView, id: number): Promise<void> {
  await transact(deps, async (tx) => {
    const { trx } = tx;
    const comment = await findComment(trx, id);
    if (!comment) throw new ApiError("notFound", "评论不存在或已删除");
    const work = await findLiveWork(trx, comment.work_id);
    const mine = comment.user_id === user.id || work?.user_id === user.id;
    if (!mine && !isStaff(user)) throw new ApiError("forbidden", "只能删除自己的评论，或自己作品下的评论");
    // Staff deleting someone else's comment: not the owner's, and an admin's only by the owner.
    if (!mine)
      assertMayModerate(user, { id: comment.user_id, roles: (await findUserById(trx, comment.user_id))?.roles ?? "" });
    const hidden = await hideComment(trx, id);
    // Another removal of it finished first (PostgreSQL lets both read it live): that one moved the counts.
    if (!hidden) throw new ApiError("notFound", "评论不存在或已删除");
    if (comment.parent_id) await bumpReplyCount(trx, comment.parent_id, -1);
    if (work) await changeCounter(trx, comment.work_id, "comment_count", -hidden);
    if (work) await takeBackComment(tx, work.user_id, comment.user_id, work.id);
    if (work) await syncCommentVote(tx, work, comment.user_id);
  });
}

export async function listComments(
  deps: Deps,
  workId: number,
  cursor: string | undefined,
  viewer: CurrentUserView | null,
): Promise<Page<CommentView>> {
  // A work out of sight keeps its comments for those who still see the work (its author, staff).
  const work = await workState(deps.db, workId);
  if (!work || !seesWork(work, viewer)) throw new ApiError("notFound", "作品不存在或已删除");
  const rows = await listTopComments(deps.db, workId, decodeCursor(cursor), COMMENT_PAGE_SIZE);
  const { page: top, hasMore, cursor: next } = keysetPage(rows, COMMENT_PAGE_SIZE, (r) => r.created_at);
  const replies = await listReplies(
    deps.db,
    top.map((r) => r.id),
  );
  const names = mentionedNames([...top, ...replies].map((r) => r.content).join(" "));
  const idOf = resolveMentions(await usersByNames(deps.db, names), names);
  const liked = viewer
    ? await likedCommentIds(
        deps.db,
        viewer.id,
        [...top, ...replies].map((r) => r.id),
      )
    : new Set<number>();
  const may = (r: CommentRow) => !!viewer && (r.user_id === viewer.id || work.user_id === viewer.id || isStaff(viewer));
  const view = (r: CommentRow): CommentView => ({
    commentId: r.id,
    content: r.content,
    createdAt: r.created_at,
    user: userRef(r.user_id, r),
    replyTo:
      r.parent_id && r.reply_to_id && r.reply_to_nickname ? { id: r.reply_to_id, nickname: r.reply_to_nickname } : null,
    mentions: Object.fromEntries(mentionedNames(r.content).flatMap((n) => (idOf.has(n) ? [[n, idOf.get(n)!]] : []))),
    canDelete: may(r),
    replyCount: r.reply_count,
    likeCount: r.like_count,
    liked: liked.has(r.id),
    replies: [],
  });
  const results = top.map((r) => ({ ...view(r), replies: replies.filter((x) => x.parent_id === r.id).map(view) }));
  return { results, cursor: next, hasMore };
}

/** Likes or unlikes a live comment on a work the member sees: once per member, the count exact however often. */
export async function likeComment(deps: Deps, user: CurrentUserView, commentId: number, on: boolean) {
  const comment = await findComment(deps.db, commentId);
  const work = comment && (await workState(deps.db, comment.work_id));
  if (!comment || !work || !seesWork(work, user)) throw new ApiError("notFound", "评论不存在或已删除");
  const likeCount = await transact(deps, ({ trx, now }) => setCommentLike(trx, commentId, user.id, on, now));
  return { liked: on, likeCount };
}
