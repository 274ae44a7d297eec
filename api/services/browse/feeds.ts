import { feedLimits } from "../../../contract/feeds/endpoints.ts";
import type { FeedItemView, FeedView } from "../../../contract/feeds/views.ts";
import type { ChartPeriod } from "../../../contract/charts/charts.ts";
import { chartPeriods } from "../../../contract/charts/charts.ts";
import { escapeHtml } from "../../../contract/shared/html.ts";
import { UserStatus, WorkType } from "../../../contract/shared/kinds.ts";
import type { WorkCardView } from "../../../contract/works/views.ts";
import { feedFacts } from "../../db/queries/feeds.ts";
import { findUserById } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import type { Deps } from "../deps.ts";
import { searchArt } from "../search/search.ts";
import { listWorkCards } from "../works/works.ts";
import { bodyOf } from "../works/body.ts";
import { readChart } from "./charts.ts";
import { pagePicks } from "../curation/picks.ts";
import { tagInfo } from "./browse.ts";
import { listNodeViews } from "./nodes.ts";

/** What a feed follows: the site's newest works, a node's, a tag's, a member's, a chart, or a search. */
export type FeedSource =
  | { of: "latest" }
  | { of: "picks" }
  | { of: "node"; id: number }
  | { of: "tag"; id: number }
  | { of: "user"; id: number }
  | { of: "chart"; period: ChartPeriod; nodeId?: number }
  | { of: "search"; keyword: string };

/**
 * A feed's newest works as a visitor sees them (never a viewer's own hidden, draft or scheduled works: no viewer is
 * passed), each with its whole text when its author lets machines read it, else its summary only.
 */
export async function feedOf(deps: Deps, source: FeedSource): Promise<FeedView> {
  const { title, description, path, cards } = await listed(deps, source);
  const facts = new Map(
    (
      await feedFacts(
        deps.db,
        cards.map((c) => c.artId),
      )
    ).map((f) => [f.id, f]),
  );
  const items: FeedItemView[] = [];
  for (const card of cards) {
    const fact = facts.get(card.artId);
    if (!fact) continue;
    items.push({
      artId: card.artId,
      type: card.type,
      title: card.title || card.summary,
      summary: card.summary,
      html: Number(fact.readable) === 1 ? await textHtml(deps, card.artId, card.type, fact.content) : null,
      cover: card.cover?.url ?? null,
      ...(card.url && { url: card.url }),
      author: { id: card.user.id, nickname: card.user.nickname },
      node: card.node,
      createdAt: card.createdAt,
      updatedAt: Number(fact.updated_at),
    });
  }
  return { title, description, path, items };
}

async function listed(deps: Deps, source: FeedSource): Promise<Omit<FeedView, "items"> & { cards: WorkCardView[] }> {
  const limit = feedLimits.items;
  const newest = async (filter: { nodeId?: number; tagId?: number; userId?: number }) =>
    (await listWorkCards(deps, { order: "created", ...filter, limit })).results;
  switch (source.of) {
    case "latest":
      return {
        title: "最新作品",
        description: "全站新发布的作品，最新的在前",
        path: "/arts/node/newest",
        cards: await newest({}),
      };
    case "picks": {
      // Each pick's reason heads its summary: it is what the feed's reader subscribed for.
      const picks = (await pagePicks(deps, { limit })).results;
      return {
        title: "编辑精选",
        description: "管理员挑选的好作品，最新选入的在前",
        path: "/picks",
        cards: picks.map((p) =>
          p.reason ? { ...p.work, summary: `精选理由：${p.reason}\n${p.work.summary}` } : p.work,
        ),
      };
    }
    case "node": {
      const node = (await listNodeViews(deps)).find((n) => n.nodeId === source.id);
      if (!node) throw new ApiError("notFound", "节点不存在");
      return {
        title: node.name,
        description: `“${node.name}”节点新发布的作品`,
        path: `/arts/node/${node.nodeId}`,
        cards: await newest({ nodeId: node.nodeId }),
      };
    }
    case "tag": {
      const tag = await tagInfo(deps, source.id);
      return {
        title: `#${tag.name}`,
        description: `带有标签“${tag.name}”的新作品`,
        path: `/arts/tag/${tag.tagId}`,
        cards: await newest({ tagId: tag.tagId }),
      };
    }
    case "user": {
      const user = await findUserById(deps.db, source.id);
      if (!user || user.status !== UserStatus.active) throw new ApiError("notFound", "用户不存在");
      return {
        title: `${user.nickname}的作品`,
        description: `${user.nickname}新发布的作品`,
        path: `/user/${user.id}`,
        cards: await newest({ userId: user.id }),
      };
    }
    case "chart": {
      const chart = await readChart(deps, { period: source.period, nodeId: source.nodeId });
      const name = chartPeriods.find((p) => p.key === source.period)!.name;
      const node = source.nodeId ? (await listNodeViews(deps)).find((n) => n.nodeId === source.nodeId) : undefined;
      const cards = chart.entries.slice(0, limit).map((e) => e.work);
      return {
        title: node ? `排行榜 · ${node.name} · ${name}` : `排行榜 · ${name}`,
        description: `${name}上排名靠前的作品${node ? `（${node.name}）` : ""}`,
        path: `/charts?period=${source.period}${node ? `&nodeId=${node.nodeId}` : ""}`,
        cards,
      };
    }
    case "search": {
      const found = await searchArt(deps, { keyword: source.keyword, page: 1, timeRange: 0 });
      const path = `/search?q=${encodeURIComponent(source.keyword)}`;
      return {
        title: `搜索“${source.keyword}”`,
        description: `与“${source.keyword}”相关的作品`,
        path,
        cards: found.results.slice(0, limit),
      };
    }
  }
}

/** Articles and projects are Markdown; a post's or a track's words are plain text, kept as written. */
async function textHtml(deps: Deps, id: number, type: number, content: string): Promise<string | null> {
  if (!content) return null;
  if (type === WorkType.article || type === WorkType.project) return (await bodyOf(deps, id, content)).html;
  return content
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
