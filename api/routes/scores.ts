import { endpoints } from "../lib/endpoint.ts";
import { scores } from "../../contract/scores/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { checkin, checkinState, leaderboard, scoreSummary } from "../services/scores.ts";

/**
 * 签到: GET tells where the signed-in person stands today, POST signs in (once per CST day). The ledger of one's own
 * score with balance, level and rank; the leaderboard is public.
 */
export const scoreRoutes = endpoints()
  .answer(scores.checkinState, async (c) => checkinState(c.deps, requireUser(c).id))
  .answer(scores.checkin, async (c) => checkin(c.deps, requireUser(c).id))
  .answer(scores.mine, async (c) => {
    const user = requireUser(c);
    return scoreSummary(c.deps, user.id, c.input.query.cursor);
  })
  .answer(scores.leaderboard, async (c) => leaderboard(c.deps)).all;
