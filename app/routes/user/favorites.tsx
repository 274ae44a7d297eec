import type { Route } from "./+types/favorites";
import { FeedListing } from "../../components/Listing.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { listFavorites } from "../../lib/upstream/account.ts";
import { requireUser } from "../../lib/site.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "我的收藏" }];

/** The works one has favorited, the latest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  return { page: await orErrorPage(listFavorites(api, new URL(request.url).searchParams.get("cursor") || undefined)) };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  return (
    <FeedListing
      title="我的收藏"
      description="你收藏的作品，最近收藏的在前。"
      page={loaderData.page}
      empty="还没有收藏作品，看到喜欢的就点 ★ 收藏吧。"
    />
  );
}
