import type { Route } from "./+types/numbered";
import { NumberedListing } from "../../components/Listing.tsx";
import { loadPages } from "../../lib/feed.server.ts";
import { routePattern } from "../../lib/ref.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { listingMeta } from "../../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** `/projects/:page?` and `/links/:page?`: numbered pages of projects or links. */
export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const links = routePattern(pattern) === "links/:page?";
  return { links, data: await loadPages(request, context, { type: links ? 3 : 2 }, params.page) };
}

export const meta: Route.MetaFunction = ({ loaderData: d, matches, location }) =>
  listingMeta(matches, {
    title: `${d?.links ? "链接" : "项目"}${d && d.data.page > 1 ? ` · 第${d.data.page}页` : ""}`,
    description: d?.links ? "值得分享的网站与资源。" : "工具、作品集与开源项目。",
    path: location.pathname,
  });

export default function Numbered({ loaderData }: Route.ComponentProps) {
  const { links, data } = loaderData;
  const base = links ? "/links" : "/projects";
  return (
    <NumberedListing
      title={links ? "链接" : "项目"}
      description={links ? "值得收藏的网站与资源" : "创作者做的工具、作品集与开源项目"}
      data={data}
      href={(p) => (p === 1 ? base : `${base}/${p}`)}
      empty={links ? "还没有人分享链接" : "还没有项目"}
    />
  );
}
