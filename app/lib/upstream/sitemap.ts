import { site } from "../../../contract/endpoints/site.ts";
import type { SitemapKind } from "../../../contract/views/site.ts";
import type { ApiClient } from "../api.server.ts";

/** The sitemap's data (contract/endpoints/site.ts). */
export const getSitemapSummary = (api: ApiClient) => api.call(site.sitemap);
export const getSitemapFile = (api: ApiClient, kind: SitemapKind, page: number) =>
  api.call(site.sitemapFile, { params: { kind, page } });
