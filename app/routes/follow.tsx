import type { Route } from "./+types/follow";
import { FeedHeader } from "../components/FeedHeader.tsx";
import { WorkFeed } from "../components/WorkFeed.tsx";
import { unpack } from "../speed/packed.ts";
import { loadFeed } from "../lib/feed.server.ts";
import { apiClient } from "../lib/api.server.ts";
import { nobodyToFollow, whoToFollow } from "../lib/people.ts";
import { WhoToFollow } from "../components/WhoToFollow.tsx";
import { requireUser } from "../lib/site.server.ts";
import { useSite } from "../lib/site.ts";

export const meta: Route.MetaFunction = () => [{ title: "关注" }];

/** Works of the people one follows (requirements §2 `/follow`); a visitor is asked to sign in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const feed = await loadFeed(request, context, { order: "newest", following: 1 });
  // Nobody followed yet, or nothing from them: suggest people to follow instead of an empty page.
  const people = unpack(feed.page.results).length ? nobodyToFollow() : await whoToFollow(apiClient(request, context));
  return { ...feed, people };
}

export default function Follow({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title="关注的人的作品" />
      <WhoToFollow people={loaderData.people} />
      <WorkFeed page={loaderData.page} empty="你关注的人还没有发布作品，先关注几位喜欢的创作者吧。" />
    </main>
  );
}
