import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { FeedHeader } from "../components/FeedHeader.tsx";
import { WorkFeed } from "../components/WorkFeed.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import { visitorCacheable } from "../lib/visitor-cache.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

/** Home: recommended works (spec §2 `/`); also answers any path no other route claims. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeed(request, context, { order: "recommend" });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title="推荐作品" />
      <WorkFeed page={loaderData.page} index />
    </main>
  );
}
