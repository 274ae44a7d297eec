import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { parseQuery } from "../lib/validate.ts";
import { checkin, checkinState, leaderboard, scoreSummary } from "../services/scores.ts";

const cursorQuery = z.object({ cursor: z.string().max(200).optional() });

/** 签到: GET tells where the signed-in person stands today, POST signs in (once per CST day). */
export const checkinRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => ok(c, await checkinState(c.get("deps"), requireUser(c).id)))
  .post("/", async (c) => ok(c, await checkin(c.get("deps"), requireUser(c).id)));

/** The ledger of one's own score with balance, level and rank; the leaderboard is public. */
export const scoreRoutes = new Hono<ApiEnv>()
  .get("/mine", async (c) => {
    const user = requireUser(c);
    const { cursor } = parseQuery(c, cursorQuery);
    return ok(c, await scoreSummary(c.get("deps"), user.id, cursor));
  })
  .get("/leaderboard", async (c) => ok(c, await leaderboard(c.get("deps"))));
