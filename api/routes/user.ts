import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { requireUser } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import { id, optionalId, parse, parseBody, parseQuery, text } from "../lib/validate.ts";
import { markedWorksOf, profileOf } from "../services/people.ts";
import { setBackground } from "../services/profile.ts";
import { checkinState } from "../services/scores.ts";
import type { MeView } from "../../contract/types.ts";

const marked = z.object({ userId: optionalId("用户"), cursor: z.string().max(200).optional() });

const userId = id("用户");
const backgroundBody = z.object({ backgroundImage: text("背景图片", { max: 500 }) });

export const userRoutes = new Hono<ApiEnv>()
  .get("/current", async (c) => {
    // A token that no longer signs anyone in is reported, so the web can drop its cookie.
    if (c.get("token") && !c.get("user")) throw new ApiError("tokenInvalid");
    const user = c.get("user");
    // With the day's sign-in: every page's user menu shows it, and it costs one lookup here.
    return ok(
      c,
      user ? ({ ...user, checkin: await checkinState(c.get("deps"), user.id, user) } satisfies MeView) : null,
    );
  })
  .get("/info/:id", async (c) =>
    ok(c, await profileOf(c.get("deps"), parse(userId, c.req.param("id")), c.get("user")?.id)),
  )
  // Without userId: the signed-in person's own.
  .get("/favorites", async (c) => {
    const q = parseQuery(c, marked);
    const userId = q.userId ?? requireUser(c).id;
    return ok(c, await markedWorksOf(c.get("deps"), "favorites", userId, q.cursor, c.get("user") ?? undefined));
  })
  .get("/likes", async (c) => {
    const q = parseQuery(c, marked);
    const userId = q.userId ?? requireUser(c).id;
    return ok(c, await markedWorksOf(c.get("deps"), "likes", userId, q.cursor, c.get("user") ?? undefined));
  })
  // spec §7: POST /api/user/set/background/image {backgroundImage}, an image uploaded first with POST /api/upload.
  .post("/set/background/image", async (c) => {
    const user = requireUser(c);
    const { backgroundImage } = await parseBody(c, backgroundBody);
    return ok(c, await setBackground(c.get("deps"), user, backgroundImage));
  });
