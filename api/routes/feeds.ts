import { feeds } from "../../contract/feeds/endpoints.ts";
import { endpoints } from "../lib/endpoint.ts";
import { feedOf } from "../services/browse/feeds.ts";

/** Feeds: anyone reads them, as a visitor sees the lists (api/services/browse/feeds.ts). */
export const feedRoutes = endpoints()
  .answer(feeds.latest, async (c) => feedOf(c.deps, { of: "latest" }))
  .answer(feeds.picks, async (c) => feedOf(c.deps, { of: "picks" }))
  .answer(feeds.node, async (c) => feedOf(c.deps, { of: "node", id: c.input.params.id }))
  .answer(feeds.tag, async (c) => feedOf(c.deps, { of: "tag", id: c.input.params.id }))
  .answer(feeds.user, async (c) => feedOf(c.deps, { of: "user", id: c.input.params.id }))
  .answer(feeds.chart, async (c) => {
    const { nodeId } = c.input.query;
    return feedOf(c.deps, { of: "chart", period: c.input.params.period, nodeId });
  })
  .answer(feeds.search, async (c) => feedOf(c.deps, { of: "search", keyword: c.input.query.q })).all;
