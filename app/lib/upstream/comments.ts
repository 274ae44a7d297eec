import { comments } from "../../../contract/works/comment-endpoints.ts";
import type { ApiClient } from "../api.server.ts";

/** The comments API, as the web calls it (contract/works/comment-endpoints.ts). */
export const listComments = (api: ApiClient, workId: number, cursor?: string) =>
  api.call(comments.list, { query: { workId, cursor } });
export const postComment = (api: ApiClient, input: { workId: number; content: string; replyTo?: string }) =>
  api.call(comments.create, { body: input });
export const deleteComment = (api: ApiClient, commentId: number) =>
  api.call(comments.delete, { params: { id: commentId } });
export const likeComment = (api: ApiClient, commentId: number, on: boolean) =>
  api.call(comments.like, { body: { commentId, on: on ? "1" : "0" } });
