import type { Route } from "./+types/follow";
import { FeedHeader } from "../components/FeedHeader.tsx";
import { WorkFeed } from "../components/WorkFeed.tsx";
import { loadFeed } from "../lib/feed.server.ts";
import { requireUser } from "../lib/site.server.ts";
import { useSite } from "../lib/site.ts";

export const meta: Route.MetaFunction = () => [{ title: "关注" }];

/** Works of the people one follows (spec §2 `/follow`); a visitor is asked to sign in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return loadFeed(request, context, { order: "newest", following: 1 });
}

export default function Follow({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title="关注的人的作品" />
      <WorkFeed page={loaderData.page} empty="你关注的人还没有发布作品，去推荐里发现喜欢的创作者吧。" />
    </main>
  );
}
