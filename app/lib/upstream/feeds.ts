import { feeds } from "../../../contract/feeds/endpoints.ts";
import type { FeedView } from "../../../contract/feeds/views.ts";
import type { ApiClient } from "../api.server.ts";
import type { FeedOf } from "../feeds.ts";

/** A feed's works (contract/feeds/endpoints.ts), asked as a visitor. */
export function getFeed(api: ApiClient, feed: FeedOf): Promise<FeedView> {
  switch (feed.of) {
    case "latest":
      return api.call(feeds.latest);
    case "picks":
      return api.call(feeds.picks);
    case "node":
      return api.call(feeds.node, { params: { id: feed.id } });
    case "tag":
      return api.call(feeds.tag, { params: { id: feed.id } });
    case "user":
      return api.call(feeds.user, { params: { id: feed.id } });
    case "charts":
      return api.call(feeds.chart, { params: { period: feed.period }, query: { nodeId: feed.nodeId } });
    case "search":
      return api.call(feeds.search, { query: { q: feed.q } });
  }
}
