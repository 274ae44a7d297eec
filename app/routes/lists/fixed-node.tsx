import type { Route } from "./+types/fixed-node";
import { FeedListing } from "../../components/Listing.tsx";
import { loadFeed } from "../../lib/feed.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { routePattern } from "../../lib/ref.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { listingMeta } from "../../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** requirements §2 fixed node listings: /arts/node/feed (people one follows), /arts/node/newest, /arts/node/recommend. */
const fixed = {
  feed: { title: "关注动态", description: "你关注的人最近发布的作品。", query: { order: "newest", following: 1 } },
  newest: { title: "最新作品", description: "刚刚发布的作品。", query: { order: "newest" } },
  recommend: { title: "推荐作品", description: "近来最受喜爱的作品。", query: { order: "recommend" } },
} as const;

// Which of them a request is for, by its route's pattern in app/routes.ts.
const byPattern: Record<string, keyof typeof fixed> = {
  "arts/node/feed": "feed",
  "arts/node/newest": "newest",
  "arts/node/recommend": "recommend",
};

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const key = loaderData?.key ?? "recommend";
  const { title, description } = fixed[key];
  // The following feed is one person's: not a page for search engines.
  return listingMeta(matches, { title, description, path: location.pathname, noindex: key === "feed" });
};

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const key = byPattern[routePattern(pattern)] ?? "recommend";
  if (key === "feed") await requireUser(request, context);
  return { key, ...(await loadFeed(request, context, fixed[key].query)) };
}

export default function FixedNode({ loaderData }: Route.ComponentProps) {
  const f = fixed[loaderData.key];
  return <FeedListing title={f.title} description={f.description} page={loaderData.page} />;
}
