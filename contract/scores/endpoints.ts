import { get, post } from "../shared/endpoint.ts";
import { cursorQuery } from "../shared/fields.ts";
import type { CheckinState, LeaderEntry, ScoreSummary } from "./views.ts";

/** 签到 and scores: today's standing, signing in, one's ledger, the leaderboard (api/routes/scores.ts). */
export const scores = {
  checkinState: get<CheckinState>()("/checkin", { summary: "今天的签到状态" }),
  checkin: post<CheckinState>()("/checkin", { summary: "签到" }),
  mine: get<ScoreSummary>()("/score/mine", { summary: "我的积分与明细", query: cursorQuery }),
  leaderboard: get<LeaderEntry[]>()("/score/leaderboard", { summary: "积分排行" }),
};
