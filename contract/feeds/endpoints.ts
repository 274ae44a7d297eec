import { get } from "../shared/endpoint.ts";
import { z } from "zod";
import { id, optionalId } from "../shared/fields.ts";
import { searchLimits } from "../shared/limits.ts";
import type { FeedView } from "./views.ts";

/** Feeds (RSS and Atom, written by the web at /feeds/…): a list's newest works, for anyone (api/routes/feeds.ts). */
export const feeds = {
  latest: get<FeedView>()("/feed/latest", { summary: "最新作品的订阅源" }),
  picks: get<FeedView>()("/feed/picks", { summary: "编辑精选的订阅源" }),
  node: get<FeedView>()("/feed/node/:id", { summary: "节点的订阅源", params: { id: id("节点") } }),
  tag: get<FeedView>()("/feed/tag/:id", { summary: "标签的订阅源", params: { id: id("标签") } }),
  user: get<FeedView>()("/feed/user/:id", { summary: "某人作品的订阅源", params: { id: id("用户") } }),
  /** `?nodeId=`: one node's chart. */
  chart: get<FeedView>()("/feed/chart/:period{day|week|month}", {
    summary: "排行榜的订阅源",
    params: { period: z.enum(["day", "week", "month"]) },
    query: z.object({ nodeId: optionalId("节点") }),
  }),
  /** `?q=` the keyword, as /search takes it. */
  search: get<FeedView>()("/feed/search", {
    summary: "搜索结果的订阅源",
    query: z.object({
      q: z
        .string({ error: "请输入搜索关键词" })
        .trim()
        .min(1, "请输入搜索关键词")
        .max(searchLimits.keyword, `搜索关键词不能超过${searchLimits.keyword}个字`),
    }),
  }),
};

/** How many works a feed carries: a reader polls, and keeps what it saw. */
export const feedLimits = { items: 20 } as const;
