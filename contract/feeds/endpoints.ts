import { get } from "../shared/endpoint.ts";
import type { FeedView } from "./views.ts";

/** Feeds (RSS and Atom, written by the web at /feeds/…): a list's newest works, for anyone (api/routes/feeds.ts). */
export const feeds = {
  latest: get<FeedView>()("/feed/latest"),
  node: get<FeedView>()("/feed/node/:id"),
  tag: get<FeedView>()("/feed/tag/:id"),
  user: get<FeedView>()("/feed/user/:id"),
  /** `?nodeId=`: one node's chart. */
  chart: get<FeedView>()("/feed/chart/:period{day|week|month}"),
  /** `?q=` the keyword, as /search takes it. */
  search: get<FeedView>()("/feed/search"),
};

/** How many works a feed carries: a reader polls, and keeps what it saw. */
export const feedLimits = { items: 20 } as const;
