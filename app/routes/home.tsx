import type { Route } from "./+types/home";
import { FeedPage } from "../components/FeedPage.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import { visitorCacheable } from "../lib/visitor-cache.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** Home: recommended works (spec §2 `/`); also answers any path no other route claims. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeed(request, context, { order: "recommend" });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <FeedPage title="推荐作品" page={loaderData.page} index />;
}
