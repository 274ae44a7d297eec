import { get, post } from "../shared/endpoint.ts";
import type { CheckinState, LeaderEntry, ScoreSummary } from "./views.ts";

/** 签到 and scores: today's standing, signing in, one's ledger, the leaderboard (api/routes/scores.ts). */
export const scores = {
  checkinState: get<CheckinState>()("/checkin"),
  checkin: post<CheckinState>()("/checkin"),
  mine: get<ScoreSummary>()("/score/mine"),
  leaderboard: get<LeaderEntry[]>()("/score/leaderboard"),
};
