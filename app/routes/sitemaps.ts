import type { Route } from "./+types/sitemaps";
import type { SitemapKind } from "../../contract/site/views.ts";
import { webContext } from "../lib/context.ts";
import { ApiFailure, apiClient } from "../lib/api.server.ts";
import { entriesToUrls, fixedPages, urlset, xmlResponse } from "../lib/sitemap.ts";
import { getSitemapFile } from "../lib/upstream/sitemap.ts";

const FILE = /^(?:(works|tags|people)-(\d{1,6})|(nodes))\.xml$/;

/** /sitemaps/works-0.xml, tags-0.xml, people-0.xml, nodes.xml: the addresses of one file of the index. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const m = FILE.exec(params.file ?? "");
  if (!m) return new Response("Not Found", { status: 404 });
  const kind = (m[1] ?? m[3]) as SitemapKind;
  const { siteUrl } = context.get(webContext);
  try {
    const entries = await getSitemapFile(apiClient(request, context, null), kind, Number(m[2] ?? 0));
    const urls = entriesToUrls(kind, entries);
    return xmlResponse(urlset(siteUrl, kind === "nodes" ? [...fixedPages.map((path) => ({ path })), ...urls] : urls));
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 400) return new Response("Not Found", { status: 404 });
    throw err;
  }
}
