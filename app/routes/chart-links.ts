import type { ChartPeriod } from "../../contract/charts/charts.ts";
import type { ChartView } from "../../contract/charts/views.ts";

/** How the charts page names and links its charts (app/routes/charts.tsx). */

/** A chart's address with some of its choices changed; the defaults (day, every node, today) stay out of it. */
export function chartHref(
  chart: ChartView,
  change: { period?: ChartPeriod; nodeId?: number | null; date?: string | null },
) {
  const period = change.period ?? chart.period;
  const nodeId = change.nodeId === undefined ? chart.nodeId : change.nodeId;
  const date = change.date === undefined ? (chart.current ? null : chart.first) : change.date;
  const q = new URLSearchParams();
  if (period !== "day") q.set("period", period);
  if (nodeId) q.set("nodeId", String(nodeId));
  if (date) q.set("date", date);
  const s = q.toString();
  return s ? `/charts?${s}` : "/charts";
}

/** "11月26日" or, across a year's end or for another year, "2025年12月29日". */
function dayLabel(date: string, withYear: boolean) {
  const [y, m, d] = date.split("-").map(Number);
  return `${withYear ? `${y}年` : ""}${m}月${d}日`;
}

export function periodLabel(chart: ChartView) {
  const [y, m] = chart.first.split("-").map(Number);
  if (chart.period === "month") return `${y}年${m}月`;
  if (chart.period === "day") return dayLabel(chart.first, true);
  return `${dayLabel(chart.first, true)} – ${dayLabel(chart.last, chart.last.slice(0, 4) !== chart.first.slice(0, 4))}`;
}
