import type { CommentView, Page } from "../../../contract/types.ts";
import type { ApiClient } from "../api.server.ts";

/** The comments API, as the web calls it (api/routes/comment.ts). */
export const listComments = (api: ApiClient, workId: number, cursor?: string) =>
  api.get<Page<CommentView>>("/comment/list", { workId, cursor });
export const postComment = (api: ApiClient, input: { workId: number; content: string; replyTo?: string }) =>
  api.post<{ commentId: number }>("/comment/create", input);
export const deleteComment = (api: ApiClient, commentId: number) => api.post(`/comment/delete/${commentId}`);
