import type { ChartPeriod } from "./charts.ts";
import type { WorkCardView } from "../works/views.ts";

/** One place on a chart: its rank (1 first), the weight of its distinct members' marks, and the work's card. */
export type ChartEntry = { rank: number; score: number; work: WorkCardView };

/**
 * A chart: its period (China-time dates, first and last day inclusive), the dates that open the periods before and
 * after it (null when there is none to show), the node it is for (null: every node) and its entries, best first.
 */
export type ChartView = {
  period: ChartPeriod;
  first: string;
  last: string;
  /** The period is still running: its places may change. */
  current: boolean;
  prev: string | null;
  next: string | null;
  nodeId: number | null;
  entries: ChartEntry[];
};
