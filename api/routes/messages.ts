import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { id, parse, parseBody, parseQuery } from "../lib/validate.ts";
import { blockUser, chatWith, conversationsOf, sendMessage } from "../services/messages.ts";
import { messageSchema } from "../../contract/schemas.ts";

const userId = id("用户");

const cursor = z.object({ cursor: z.string().max(200).optional() });
const chatQuery = cursor.extend({ markRead: z.enum(["0", "1"], { error: "参数无效" }).optional() });
const person = z.object({ userId: id("用户") });

/** Private messages: the conversation list, one conversation, sending, and blocking someone. */
export const messageRoutes = new Hono<ApiEnv>()
  .get("/conversations", async (c) => {
    const user = requireUser(c);
    return ok(c, await conversationsOf(c.get("deps"), user.id, parseQuery(c, cursor).cursor));
  })
  .get("/with/:userId", async (c) => {
    const user = requireUser(c);
    const peerId = parse(userId, c.req.param("userId"));
    const q = parseQuery(c, chatQuery);
    return ok(c, await chatWith(c.get("deps"), user.id, peerId, { cursor: q.cursor, markRead: q.markRead === "1" }));
  })
  .post("/send", async (c) => {
    const user = requireUser(c);
    const { userId, content } = await parseBody(c, messageSchema);
    return ok(c, await sendMessage(c.get("deps"), user, userId, content));
  })
  .post("/block", async (c) => {
    const user = requireUser(c);
    return ok(c, await blockUser(c.get("deps"), user.id, (await parseBody(c, person)).userId, true));
  })
  .post("/unblock", async (c) => {
    const user = requireUser(c);
    return ok(c, await blockUser(c.get("deps"), user.id, (await parseBody(c, person)).userId, false));
  });
