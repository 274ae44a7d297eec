import { z } from "zod";
import { endpoints } from "../lib/endpoint.ts";
import { comments } from "../../contract/works/comment-endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { id, parse, parseBody, parseQuery } from "../lib/validate.ts";
import { checkbox } from "../../contract/shared/fields.ts";
import { likeComment, listComments, postComment, removeComment } from "../services/works/comments.ts";
import { commentSchema } from "../../contract/works/schemas.ts";

const listQuery = z.object({ workId: id("作品编号"), cursor: z.string().max(200).optional() });
const commentId = id("评论编号");
const commentLikeSchema = z.object({ commentId, on: checkbox });

export const commentRoutes = endpoints()
  .answer(comments.list, async (c) => {
    const q = parseQuery(c, listQuery);
    return listComments(c.deps, q.workId, q.cursor, c.user);
  })
  .answer(comments.create, async (c) => {
    const user = requireUser(c);
    return postComment(c.deps, user, await parseBody(c, commentSchema));
  })
  .answer(comments.like, async (c) => {
    const body = await parseBody(c, commentLikeSchema);
    return likeComment(c.deps, requireUser(c), body.commentId, body.on);
  })
  .answer(comments.delete, async (c) => {
    const user = requireUser(c);
    await removeComment(c.deps, user, parse(commentId, c.params.id));
    return null;
  }).all;
