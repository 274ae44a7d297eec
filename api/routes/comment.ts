import { Hono } from "hono";
import { commentLimits } from "../../contract/limits.ts";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { id, optionalId, parse, parseBody, parseQuery, text } from "../lib/validate.ts";
import { listComments, postComment, removeComment } from "../services/comments.ts";

export const commentSchema = z.object({
  workId: id("作品编号"),
  content: text("评论内容", { max: commentLimits.content }),
  replyTo: optionalId("回复的评论"),
});

export const commentRoutes = new Hono<ApiEnv>()
  .get("/list", async (c) => {
    const q = parseQuery(c, z.object({ workId: id("作品编号"), cursor: z.string().max(200).optional() }));
    return ok(c, await listComments(c.get("deps"), q.workId, q.cursor, c.get("user")));
  })
  .post("/create", async (c) => {
    const user = requireUser(c);
    return ok(c, await postComment(c.get("deps"), user, await parseBody(c, commentSchema)));
  })
  .post("/delete/:id", async (c) => {
    const user = requireUser(c);
    await removeComment(c.get("deps"), user, parse(id("评论编号"), c.req.param("id")));
    return ok(c, null);
  });
