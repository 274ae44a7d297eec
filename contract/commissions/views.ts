import type { AuthorView } from "../people/views.ts";
import type { CommissionState, CommissionStep, Party } from "./states.ts";

export type CommissionSummary = {
  commissionId: number;
  title: string;
  state: CommissionState;
  client: AuthorView;
  creator: AuthorView;
  budget: string;
  deadline: number;
  updatedAt: number;
};

/** A line of the thread: a party's words, or a step (who took it, and its note). */
export type CommissionMessageView = {
  messageId: number;
  /** 0: the site's record of a step. */
  userId: number;
  content: string;
  createdAt: number;
};

/** A commission as one of its two parties sees it; `files` are its delivered pictures, by their place. */
export type CommissionView = CommissionSummary & {
  brief: string;
  refs: string[];
  createdAt: number;
  viewer: Party;
  /** The steps the viewer may take now. */
  steps: CommissionStep[];
  files: { n: number; width: number; height: number }[];
  messages: CommissionMessageView[];
};

/** A work's 打赏, as its page shows it. */
export type TipsView = { count: number; total: number };
