import { get, post } from "../shared/endpoint.ts";
import type { Page } from "../shared/page.ts";
import type { CommentView } from "./views.ts";

/** A work's comments (api/routes/comments.ts). */
export const comments = {
  list: get<Page<CommentView>>()("/comment/list"),
  create: post<{ commentId: number; held: boolean }>()("/comment/create"),
  delete: post<null>()("/comment/delete/:id"),
  /** Likes (on) or unlikes a comment: once per member, counted exactly. */
  like: post<{ liked: boolean; likeCount: number }>()("/comment/like"),
};
