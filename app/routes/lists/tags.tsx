import { TagList } from "../../components/WorkLabels.tsx";
import type { Route } from "./+types/tags";
import { Listing, Pager } from "../../components/Listing.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { pageTags } from "../../lib/upstream/site.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { listingMeta } from "../../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** `/tags/:page?`: every tag in use, the most used first, sized by use. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.page !== undefined && !/^[1-9]\d{0,5}$/.test(params.page))
    throw new Response("没有这一页", { status: 404 });
  return orErrorPage(pageTags(apiClient(request, context), params.page ?? 1));
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  listingMeta(matches, {
    title: loaderData && loaderData.page > 1 ? `标签 · 第${loaderData.page}页` : "标签",
    description: `艺社的全部标签，按作品数排列${loaderData ? `，共 ${loaderData.total} 个` : ""}。`,
    path: location.pathname,
  });

export default function Tags({ loaderData }: Route.ComponentProps) {
  const max = Math.max(1, ...loaderData.results.map((t) => t.workCount));
  return (
    <Listing title="标签" description={`共 ${loaderData.total} 个标签`}>
      <TagList
        tags={loaderData.results}
        className="flex flex-wrap gap-2"
        data-testid="tag-list"
        chip={(t) => ({
          className:
            "inline-flex items-baseline gap-1 rounded-full border border-line bg-surface px-3 py-1 hover:border-primary hover:text-primary",
          style: { fontSize: `${0.85 + (t.workCount / max) * 0.5}rem` },
          after: <span className="text-xs text-muted"> {t.workCount}</span>,
        })}
      />
      <Pager
        page={loaderData.page}
        totalPages={loaderData.totalPages}
        href={(p) => (p === 1 ? "/tags" : `/tags/${p}`)}
      />
    </Listing>
  );
}
