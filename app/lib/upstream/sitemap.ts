import type { SitemapEntry, SitemapKind, SitemapSummary } from "../../../contract/types.ts";
import type { ApiClient } from "../api.server.ts";

/** The sitemap's data (api/routes/sitemap.ts). */
export const getSitemapSummary = (api: ApiClient) => api.get<SitemapSummary>("/sitemap");
export const getSitemapFile = (api: ApiClient, kind: SitemapKind, page: number) =>
  api.get<SitemapEntry[]>(`/sitemap/${kind}/${page}`);
