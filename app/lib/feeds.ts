import type { MetaDescriptor } from "react-router";
import type { ChartPeriod } from "../../contract/charts/charts.ts";

/** What a feed follows, as the web addresses it: /feeds/latest.rss, /feeds/node/3.atom, /feeds/search.rss?q=…. */
export type FeedOf =
  | { of: "latest" }
  | { of: "picks" }
  | { of: "node" | "tag" | "user"; id: number }
  | { of: "charts"; period: ChartPeriod; nodeId?: number }
  | { of: "search"; q: string };
export type FeedFormat = "rss" | "atom";

export const feedTypes: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
};

export function feedPath(feed: FeedOf, format: FeedFormat): string {
  switch (feed.of) {
    case "latest":
    case "picks":
      return `/feeds/${feed.of}.${format}`;
    case "charts":
      return `/feeds/charts/${feed.period}.${format}${feed.nodeId ? `?nodeId=${feed.nodeId}` : ""}`;
    case "search":
      return `/feeds/search.${format}?q=${encodeURIComponent(feed.q)}`;
    default:
      return `/feeds/${feed.of}/${feed.id}.${format}`;
  }
}

const FILE = /^(?:(latest|search|picks)|(node|tag|user)\/([1-9]\d{0,9})|charts\/(day|week|month))\.(rss|atom)$/;

const ID = /^[1-9]\d{0,9}$/;

/** The feed a /feeds/… address names, or null; a search's keyword comes from `?q=`, a chart's node from `?nodeId=`. */
export function feedAsked(file: string, query: URLSearchParams): { feed: FeedOf; format: FeedFormat } | null {
  const m = FILE.exec(file);
  if (!m) return null;
  const format = m[5] as FeedFormat;
  if (m[1] === "latest" || m[1] === "picks") return { feed: { of: m[1] }, format };
  if (m[1] === "search") return { feed: { of: "search", q: query.get("q") ?? "" }, format };
  if (m[2]) return { feed: { of: m[2] as "node" | "tag" | "user", id: Number(m[3]) }, format };
  const nodeId = query.get("nodeId");
  if (nodeId !== null && !ID.test(nodeId)) return null;
  return { feed: { of: "charts", period: m[4] as ChartPeriod, ...(nodeId && { nodeId: Number(nodeId) }) }, format };
}

/** The page's head links to its feeds, so a reader offers to follow it (RSS autodiscovery). */
export function feedLinks(feed: FeedOf, title: string): MetaDescriptor[] {
  return (["rss", "atom"] as const).map((format) => ({
    tagName: "link",
    rel: "alternate",
    type: feedTypes[format],
    title: `${title}（${format === "rss" ? "RSS" : "Atom"}）`,
    href: feedPath(feed, format),
  }));
}
