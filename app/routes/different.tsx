import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/different";
import { FeedHeader } from "../components/FeedHeader.tsx";
import { WorkFeed } from "../components/WorkFeed.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import type { loader as rootLoader } from "../root.tsx";

export const meta: Route.MetaFunction = () => [{ title: "新视野" }];

/** New horizons (SPEC §2 `/different`): the newest works from everywhere. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeed(request, context, { order: "newest" });
}

export default function Different({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title="新视野" description="刚刚发布的作品，来自每一个角落。" />
      <WorkFeed page={loaderData.page} />
    </main>
  );
}
