import { Link } from "react-router";
import type { Route } from "./+types/charts";
import { chartPeriods, chartWeights, type ChartPeriod } from "../../contract/charts/charts.ts";
import { WorkCard } from "../components/WorkCard.tsx";
import { rowPlaces } from "../components/justified.ts";
import { apiClient, orErrorPage } from "../lib/api.server.ts";
import { getChart } from "../lib/upstream/charts.ts";
import { chartHref, periodLabel } from "./chart-links.ts";
import { FeedLink } from "../components/FeedLink.tsx";
import { listingMeta } from "../lib/meta.ts";
import { pack, unpack } from "../speed/packed.ts";
import { useSite } from "../lib/site.ts";
import { visitorCacheable } from "../lib/visitor-cache.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** /charts (排行榜): the day's, week's or month's best works, overall or in one node; `?date=` for a past one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const chart = await orErrorPage(
    getChart(apiClient(request, context), {
      period: q.get("period") ?? undefined,
      nodeId: q.get("nodeId") ?? undefined,
      date: q.get("date") ?? undefined,
    }),
  );
  // Packed: fifty cards are some thousand values to turbo-stream otherwise.
  return pack(chart);
}

const periodName = (p: ChartPeriod) => chartPeriods.find((x) => x.key === p)!.name;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const chart = loaderData && unpack(loaderData);
  return listingMeta(matches, {
    title: chart ? `排行榜 · ${periodName(chart.period)}` : "排行榜",
    description: "每日、每周、每月最受喜爱的作品，按不同会员的喜欢、收藏和评论排名。",
    path: "/charts",
    feed: { of: "charts", period: chart?.period ?? "day", ...(chart?.nodeId && { nodeId: chart.nodeId }) },
  });
};

const chip = (on: boolean) =>
  `shrink-0 rounded-full px-3.5 py-1.5 text-sm ${on ? "bg-fg text-bg" : "bg-surface text-fg hover:bg-surface-2"}`;

export default function ChartsPage({ loaderData }: Route.ComponentProps) {
  const chart = unpack(loaderData);
  const places = rowPlaces(chart.entries.map((e) => e.work));
  const nodes = useSite()?.nodes ?? [];
  const node = nodes.find((n) => n.nodeId === chart.nodeId);
  const unit = chartPeriods.find((p) => p.key === chart.period)!.unit;
  return (
    <main className="mx-auto max-w-7xl space-y-4 px-4 py-5 lg:px-6">
      <header className="flex flex-wrap items-end gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold">
          {node ? `${node.name} · ` : ""}
          {periodName(chart.period)}
        </h1>
        <p className="text-sm text-muted" data-testid="chart-period">
          {periodLabel(chart)}
          {chart.current && " · 统计中"}
        </p>
        <FeedLink
          feed={{ of: "charts", period: chart.period, ...(chart.nodeId && { nodeId: chart.nodeId }) }}
          className="ml-auto"
        />
      </header>
      <nav aria-label="排行榜周期" className="flex gap-2">
        {chartPeriods.map((p) => (
          <Link
            key={p.key}
            to={chartHref(chart, { period: p.key, date: null })}
            aria-current={p.key === chart.period ? "page" : undefined}
            className={chip(p.key === chart.period)}
          >
            {p.name}
          </Link>
        ))}
      </nav>
      <nav aria-label="排行榜节点" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        <Link
          to={chartHref(chart, { nodeId: null })}
          aria-current={chart.nodeId === null ? "page" : undefined}
          className={chip(chart.nodeId === null)}
        >
          全部
        </Link>
        {nodes.map((n) => (
          <Link
            key={n.nodeId}
            to={chartHref(chart, { nodeId: n.nodeId })}
            aria-current={n.nodeId === chart.nodeId ? "page" : undefined}
            className={chip(n.nodeId === chart.nodeId)}
          >
            {n.name}
          </Link>
        ))}
      </nav>
      <h2 className="sr-only">{periodName(chart.period)}的名次</h2>
      {chart.entries.length ? (
        <ol className="work-grid" data-testid="chart">
          {chart.entries.map((e, i) => (
            <li key={e.work.artId} className="flex flex-col gap-1.5" style={places[i]} data-testid="chart-place">
              <p className="flex items-baseline gap-2">
                <span className={`chart-rank${e.rank <= 3 ? " top" : ""}`}>
                  <span className="sr-only">第</span>
                  {e.rank}
                  <span className="sr-only">名</span>
                </span>
                <span className="chart-score text-xs text-muted">热度 {e.score}</span>
              </p>
              <WorkCard work={e.work} eager={e.rank <= 4} lead={e.rank === 1} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-2xl border border-line bg-surface py-16 text-center text-muted">
          这一{unit}还没有上榜的作品。喜欢、收藏和评论别人的作品，会让它们上榜。
        </p>
      )}
      <nav aria-label="往期排行榜" className="flex items-center justify-between text-sm">
        {chart.prev ? (
          <Link to={chartHref(chart, { date: chart.prev })} className="text-primary hover:underline" rel="prev">
            ← 上一{unit}
          </Link>
        ) : (
          <span />
        )}
        {chart.next && (
          <Link to={chartHref(chart, { date: chart.next })} className="text-primary hover:underline" rel="next">
            下一{unit} →
          </Link>
        )}
      </nav>
      <p className="text-xs text-muted">
        热度按不同会员计算：喜欢 {chartWeights.like}，收藏 {chartWeights.favorite}，评论 {chartWeights.comment}
        （同一人在一件作品下评论多次只算一次）。作者本人的、以及短时间内大量连续操作的不计入；取消喜欢或删除评论会退回相应热度。
      </p>
    </main>
  );
}
