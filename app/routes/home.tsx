import type { Route } from "./+types/home";
import { FeedPage } from "../components/FeedPage.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import { apiClient } from "../lib/api.server.ts";
import { suggestPeople } from "../lib/upstream/people.ts";
import { visitorCacheable } from "../lib/visitor-cache.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** Home: recommended works (spec §2 `/`); also answers any path no other route claims. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const more = new URL(request.url).searchParams.has("cursor");
  const [feed, people] = await Promise.all([
    loadFeed(request, context, { order: "recommend" }),
    // Who to follow heads the first page only; a failure there costs the strip, never the page.
    more ? [] : suggestPeople(apiClient(request, context)).catch(() => []),
  ]);
  return { ...feed, people };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <FeedPage title="推荐作品" page={loaderData.page} people={loaderData.people} index />;
}
