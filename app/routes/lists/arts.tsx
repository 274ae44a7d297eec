import type { Route } from "./+types/arts";
import { FeedListing } from "../../components/Listing.tsx";
import { loadFeed } from "../../lib/feed.server.ts";
import { visitorCacheable } from "../../lib/visitor-cache.ts";
import { listingMeta } from "../../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(matches, { title: "全部作品", description: "所有节点的全部作品，最新的在前。", path: "/arts" });

/** `/arts`: every work, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeed(request, context, { order: "newest" });
}

export default function Arts({ loaderData }: Route.ComponentProps) {
  return <FeedListing title="全部作品" description="社区里的每一件作品，最新的在前。" page={loaderData.page} />;
}
