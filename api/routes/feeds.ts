import { z } from "zod";
import { feeds } from "../../contract/feeds/endpoints.ts";
import { searchLimits } from "../../contract/shared/limits.ts";
import type { ChartPeriod } from "../../contract/charts/charts.ts";
import { id, optionalId } from "../../contract/shared/fields.ts";
import { endpoints } from "../lib/endpoint.ts";
import { parse, parseQuery } from "../lib/validate.ts";
import { feedOf } from "../services/browse/feeds.ts";

const nodeId = id("节点");
const tagId = id("标签");
const userId = id("用户");
const chartQuery = z.object({ nodeId: optionalId("节点") });
const searchQuery = z.object({
  q: z
    .string({ error: "请输入搜索关键词" })
    .trim()
    .min(1, "请输入搜索关键词")
    .max(searchLimits.keyword, `搜索关键词不能超过${searchLimits.keyword}个字`),
});

/** Feeds: anyone reads them, as a visitor sees the lists (api/services/browse/feeds.ts). */
export const feedRoutes = endpoints()
  .answer(feeds.latest, async (c) => feedOf(c.deps, { of: "latest" }))
  .answer(feeds.node, async (c) => feedOf(c.deps, { of: "node", id: parse(nodeId, c.params.id) }))
  .answer(feeds.tag, async (c) => feedOf(c.deps, { of: "tag", id: parse(tagId, c.params.id) }))
  .answer(feeds.user, async (c) => feedOf(c.deps, { of: "user", id: parse(userId, c.params.id) }))
  .answer(feeds.chart, async (c) => {
    const { nodeId } = parseQuery(c, chartQuery);
    return feedOf(c.deps, { of: "chart", period: c.params.period as ChartPeriod, nodeId });
  })
  .answer(feeds.search, async (c) => feedOf(c.deps, { of: "search", keyword: parseQuery(c, searchQuery).q })).all;
