/** A member's vote on a work for the charts (migration 0023_charts): kind 1 like, 2 favorite, 3 comment. */
export type ChartVoteTable = {
  work_id: number;
  user_id: number;
  kind: number;
  /** The China day it was first given (days since the epoch): the periods it counts in. */
  day: number;
  at: number;
  /** 0: part of a burst, never counted. */
  counted: number;
  /** 0: withdrawn (unliked, unfavorited, the member's comments all gone). */
  live: number;
};

/** A work's weight on one period's chart; `start` is the period's first China day. */
export type ChartTallyTable = {
  period: string;
  start: number;
  work_id: number;
  node_id: number | null;
  score: number;
};
