import type { Route } from "./+types/marked";
import { WorkFeed } from "../../components/WorkFeed.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { routePattern } from "../../lib/ref.ts";
import { listMarked } from "../../lib/upstream/people.ts";

// What each route of app/routes.ts that uses this module lists, by its pattern there.
const served = {
  "user/:userId/likes": { mark: "likes", empty: "还没有喜欢的作品" },
  "user/:userId/favorites": { mark: "favorites", empty: "还没有收藏的作品" },
} as const;

/** What a person liked, or favorited (their own, or anyone's who made them public). */
export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const { mark, empty } = served[routePattern(pattern) as keyof typeof served] ?? served["user/:userId/likes"];
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const page = await orErrorPage(listMarked(apiClient(request, context), mark, userIdOf(params.userId), cursor));
  return { page, empty };
}

export default function Marked({ loaderData }: Route.ComponentProps) {
  return <WorkFeed page={loaderData.page} empty={loaderData.empty} />;
}
