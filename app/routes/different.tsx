import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/different";
import { FeedHeader } from "../components/FeedHeader.tsx";
import { WorkFeed } from "../components/WorkFeed.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import { visitorCacheable } from "../lib/visitor-cache.ts";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

export const meta: Route.MetaFunction = () => [{ title: "新视野" }];

/** New horizons (spec §2 `/different`): good recent works from outside the viewer's usual nodes and people. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeed(request, context, { order: "different" });
}

export default function Different({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader
        nodes={site?.nodes ?? []}
        title="新视野"
        description="最近的好作品，来自你平时不常逛的节点和创作者。"
      />
      <WorkFeed page={loaderData.page} />
    </main>
  );
}
