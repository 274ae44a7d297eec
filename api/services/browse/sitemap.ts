import { sitemapEntries, sitemapPages } from "../../db/queries/sitemap.ts";
import { sitemapLimits } from "../../../contract/shared/limits.ts";
import type { SitemapEntry, SitemapKind, SitemapSummary } from "../../../contract/site/views.ts";
import type { Deps } from "../deps.ts";

/** Crawlers come often and the answer changes slowly: each process reads the summary at most every few minutes. */
const SUMMARY_TTL_MS = 5 * 60_000;
const summaries = new WeakMap<Deps, { at: number; value: Promise<SitemapSummary> }>();

export function sitemapSummary(deps: Deps): Promise<SitemapSummary> {
  const hit = summaries.get(deps);
  if (hit && deps.now() - hit.at < SUMMARY_TTL_MS) return hit.value;
  const size = sitemapLimits.urls;
  const value = Promise.all([
    sitemapPages(deps.db, "works", size),
    sitemapPages(deps.db, "tags", size),
    sitemapPages(deps.db, "people", size),
    sitemapPages(deps.db, "nodes", size),
  ]).then(([works, tags, people, nodes]) => ({
    works,
    tags,
    people,
    nodes: Math.max(0, ...nodes.map((n) => n.lastmod)),
  }));
  summaries.set(deps, { at: deps.now(), value });
  value.catch(() => summaries.delete(deps));
  return value;
}

/** One sitemap file's rows: live works, active people, tags, or (one file) the nodes. */
export function sitemapFile(deps: Deps, kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
  return sitemapEntries(deps.db, kind, kind === "nodes" ? 0 : page, sitemapLimits.urls);
}
