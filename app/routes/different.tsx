import type { Route } from "./+types/different";
import { FeedPage } from "../components/FeedPage.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import { visitorCacheable } from "../lib/visitor-cache.ts";
import { listingMeta } from "../lib/meta.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(matches, {
    title: "新视野",
    description: "常看的节点和作者之外，这个月的好作品。",
    path: "/different",
  });

/** New horizons (requirements §2 `/different`): good recent works from outside the viewer's usual nodes and people. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeed(request, context, { order: "different" });
}

export default function Different({ loaderData }: Route.ComponentProps) {
  return (
    <FeedPage title="新视野" description="最近的好作品，来自你平时不常逛的节点和创作者。" page={loaderData.page} />
  );
}
