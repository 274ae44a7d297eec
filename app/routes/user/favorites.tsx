import type { Route } from "./+types/favorites";
import type { Page, WorkCardView } from "../../../contract/types.ts";
import { FeedListing } from "../../components/Listing.tsx";
import { apiClient, asPageError } from "../../lib/api.server.ts";
import { requireUser } from "../../lib/site.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "我的收藏" }];

/** The works one has favorited, the latest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  try {
    return {
      page: await api.get<Page<WorkCardView>>("/user/favorites", {
        cursor: new URL(request.url).searchParams.get("cursor") || undefined,
      }),
    };
  } catch (err) {
    asPageError(err);
  }
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
