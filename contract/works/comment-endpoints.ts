import { get, post } from "../shared/endpoint.ts";
import type { Page } from "../shared/page.ts";
import type { CommentView } from "./views.ts";
import { commentLikeSchema, commentListQuery, commentParams, commentSchema } from "./schemas.ts";

/** A work's comments (api/routes/comments.ts). */
export const comments = {
  list: get<Page<CommentView>>()("/comment/list", { summary: "作品的评论", query: commentListQuery }),
  create: post<{ commentId: number; held: boolean }>()("/comment/create", {
    summary: "发表评论或回复",
    body: commentSchema,
  }),
  delete: post<null>()("/comment/delete/:id", { summary: "删除评论", params: commentParams }),
  /** Likes (on) or unlikes a comment: once per member, counted exactly. */
  like: post<{ liked: boolean; likeCount: number }>()("/comment/like", {
    summary: "点赞或取消点赞评论",
    body: commentLikeSchema,
  }),
};
