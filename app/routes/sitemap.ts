import type { Route } from "./+types/sitemap";
import { webContext } from "../lib/context.ts";
import { apiClient } from "../lib/api.server.ts";
import { sitemapIndex, xmlResponse } from "../lib/sitemap.ts";
import { getSitemapSummary } from "../lib/upstream/sitemap.ts";

/** /sitemap.xml: a sitemap index of the site's files, each with when it last changed (robots.txt names it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(webContext);
  const s = await getSitemapSummary(apiClient(request, context, null));
  const files = [
    { name: "nodes.xml", lastmod: s.nodes },
    ...s.works.map((p) => ({ name: `works-${p.page}.xml`, lastmod: p.lastmod })),
    ...s.tags.map((p) => ({ name: `tags-${p.page}.xml`, lastmod: p.lastmod })),
    ...s.people.map((p) => ({ name: `people-${p.page}.xml`, lastmod: p.lastmod })),
  ];
  return xmlResponse(sitemapIndex(siteUrl, files));
}
