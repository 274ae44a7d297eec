import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { id, parseBody, parseQuery } from "../lib/validate.ts";
import { followList, isFollowing, setFollow, suggestPeople } from "../services/people.ts";

const target = z.object({ userId: id("用户") });
const listed = z.object({ userId: id("用户"), cursor: z.string().max(200).optional() });

// spec §7: POST /api/fans/follow, POST /api/fans/unfollow, GET /api/fans/isfollowed; the lists follow their shape.
export const fansRoutes = new Hono<ApiEnv>()
  .post("/follow", async (c) => {
    const { userId } = await parseBody(c, target);
    return ok(c, await setFollow(c.get("deps"), requireUser(c).id, userId, true));
  })
  .post("/unfollow", async (c) => {
    const { userId } = await parseBody(c, target);
    return ok(c, await setFollow(c.get("deps"), requireUser(c).id, userId, false));
  })
  .get("/isfollowed", async (c) => {
    const { userId } = parseQuery(c, target);
    const viewer = c.get("user");
    return ok(c, viewer ? await isFollowing(c.get("deps"), viewer.id, userId) : false);
  })
  .get("/fans", async (c) => {
    const q = parseQuery(c, listed);
    return ok(c, await followList(c.get("deps"), q.userId, false, q.cursor, c.get("user")?.id));
  })
  .get("/follows", async (c) => {
    const q = parseQuery(c, listed);
    return ok(c, await followList(c.get("deps"), q.userId, true, q.cursor, c.get("user")?.id));
  })
  .get("/suggest", async (c) => ok(c, await suggestPeople(c.get("deps"), c.get("user")?.id)));
