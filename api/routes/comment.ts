import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { id, parse, parseBody, parseQuery } from "../lib/validate.ts";
import { listComments, postComment, removeComment } from "../services/comments.ts";
import { commentSchema } from "../../contract/schemas.ts";

const listQuery = z.object({ workId: id("作品编号"), cursor: z.string().max(200).optional() });
const commentId = id("评论编号");

export const commentRoutes = new Hono<ApiEnv>()
  .get("/list", async (c) => {
    const q = parseQuery(c, listQuery);
    return ok(c, await listComments(c.get("deps"), q.workId, q.cursor, c.get("user")));
  })
  .post("/create", async (c) => {
    const user = requireUser(c);
    return ok(c, await postComment(c.get("deps"), user, await parseBody(c, commentSchema)));
  })
  .post("/delete/:id", async (c) => {
    const user = requireUser(c);
    await removeComment(c.get("deps"), user, parse(commentId, c.req.param("id")));
    return ok(c, null);
  });
