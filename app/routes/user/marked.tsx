import type { Route } from "./+types/marked";
import { WorkFeed } from "../../components/WorkFeed.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { routePattern } from "../../lib/ref.ts";
import { listMarked } from "../../lib/upstream/people.ts";
import { foldersOfUser } from "../../lib/upstream/folders.ts";
import { Link } from "react-router";

// What each route of app/routes.ts that uses this module lists, by its pattern there.
const served = {
  "user/:userId/likes": { mark: "likes", empty: "还没有喜欢的作品" },
  "user/:userId/favorites": { mark: "favorites", empty: "还没有收藏的作品" },
} as const;

/** What a person liked, or favorited (their own, or anyone's who made them public). */
export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const { mark, empty } = served[routePattern(pattern) as keyof typeof served] ?? served["user/:userId/likes"];
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const api = apiClient(request, context);
  const userId = userIdOf(params.userId);
  // Favorites are kept in folders too: the person's folders head their 收藏 tab.
  const [page, folders] = await orErrorPage(
    Promise.all([
      listMarked(api, mark, userId, cursor),
      mark === "favorites" && !cursor ? foldersOfUser(api, userId) : [],
    ]),
  );
  return { page, empty, folders };
}

export default function Marked({ loaderData }: Route.ComponentProps) {
  const { folders } = loaderData;
  return (
    <>
      {folders.length > 0 && (
        <nav aria-label="收藏夹" className="mb-4 flex flex-wrap gap-2 text-sm" data-testid="folders">
          {folders.map((f) => (
            <Link
              key={f.folderId}
              to={`/favorites/${f.folderId}`}
              className="rounded-full border border-line bg-surface px-3 py-1 hover:border-primary hover:text-primary"
            >
              {f.name} <span className="text-muted">{f.workCount}</span>
              {!f.public && <span className="text-muted"> · 私密</span>}
            </Link>
          ))}
        </nav>
      )}
      <h2 className="sr-only">作品</h2>
      <WorkFeed page={loaderData.page} empty={loaderData.empty} />
    </>
  );
}
