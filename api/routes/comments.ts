import { endpoints } from "../lib/endpoint.ts";
import { comments } from "../../contract/works/comment-endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { likeComment, listComments, postComment, removeComment } from "../services/works/comments.ts";

export const commentRoutes = endpoints()
  .answer(comments.list, async (c) => {
    const q = c.input.query;
    return listComments(c.deps, q.workId, q.cursor, c.user);
  })
  .answer(comments.create, async (c) => {
    const user = requireUser(c);
    return postComment(c.deps, user, c.input.body);
  })
  .answer(comments.like, async (c) => {
    const { body } = c.input;
    return likeComment(c.deps, requireUser(c), body.commentId, body.on);
  })
  .answer(comments.delete, async (c) => {
    const user = requireUser(c);
    await removeComment(c.deps, user, c.input.params.id);
    return null;
  }).all;
