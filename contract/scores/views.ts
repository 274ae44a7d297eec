import type { Level } from "./growth.ts";
import type { Page } from "../shared/page.ts";
import type { UserRef } from "../people/views.ts";

/** 积分: daily sign-in, the ledger, and the ranking. */

export type CheckinState = {
  /** Signed in today (CST). */
  today: boolean;
  /** Days in a row, counting today when signed in today, else up to yesterday (0 when the run is broken). */
  streak: number;
  /** What signing in today pays, or paid. */
  reward: number;
  score: number;
};

export type ScoreEntry = {
  entryId: number;
  delta: number;
  balance: number;
  reason: string;
  label: string;
  createdAt: number;
};

export type ScoreSummary = {
  score: number;
  level: Level;
  rank: number;
  checkin: CheckinState;
  ledger: Page<ScoreEntry>;
};

export type LeaderEntry = { rank: number; user: UserRef; score: number; level: number };
