import type { WorkTypeValue } from "../shared/kinds.ts";

/**
 * One work as a feed carries it. Only what its public page shows: a live work's title, summary, author and node. The
 * whole text comes only when the author lets the work be read by machines (not 不允许 AI 使用); otherwise `html` is
 * null and a reader gets the summary and the link.
 */
export type FeedItemView = {
  artId: number;
  type: WorkTypeValue;
  title: string;
  summary: string;
  /** The whole text as HTML (paths on this site stay relative), or null when the author keeps the work from machines. */
  html: string | null;
  /** The cover's path on this site. */
  cover: string | null;
  /** Links only: where it points. */
  url?: string;
  author: { id: number; nickname: string };
  node: { nodeId: number; name: string } | null;
  createdAt: number;
  updatedAt: number;
};

/** A feed: what it follows (its title and the page it mirrors) and its newest works, at most `feedLimits.items`. */
export type FeedView = {
  title: string;
  /** One sentence on what it follows, in the feed's own words (never a copy of its title). */
  description: string;
  /** The page on this site the feed follows, e.g. `/arts/node/3`. */
  path: string;
  items: FeedItemView[];
};
