import { site } from "../../../contract/site/endpoints.ts";
import type { SitemapKind } from "../../../contract/site/views.ts";
import type { ApiClient } from "../api.server.ts";

/** The sitemap's data (contract/site/endpoints.ts). */
export const getSitemapSummary = (api: ApiClient) => api.call(site.sitemap);
export const getSitemapFile = (api: ApiClient, kind: SitemapKind, page: number) =>
  api.call(site.sitemapFile, { params: { kind, page } });
