import { Link } from "react-router";
import type { Route } from "./+types/picks";
import { apiClient, orErrorPage } from "../lib/api.server.ts";
import { listPicks } from "../lib/upstream/curation.ts";
import { visitorCacheable } from "../lib/visitor-cache.ts";
import { listingMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site.ts";
import { unpack } from "../speed/packed.ts";
import { FeedHeader } from "../components/FeedHeader.tsx";
import { FeedLink } from "../components/FeedLink.tsx";
import { PickGrid } from "../components/PickShelf.tsx";

/** The same for every visitor: served again from the page cache for a few seconds. */
export const headers = visitorCacheable;

const description = "管理员挑选的好作品，每件都附上挑选的理由，最新选入的在前。";

export const meta: Route.MetaFunction = ({ matches }) =>
  listingMeta(matches, { title: "编辑精选", description, path: "/picks", feed: { of: "picks" } });

/** /picks: 编辑精选 (issue 59), the admins' picks with their reasons; `?cursor=` goes on to older ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  return { page: await orErrorPage(listPicks(apiClient(request, context), { cursor })) };
}

export default function Picks({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { page } = loaderData;
  const picks = unpack(page.results);
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title="编辑精选" />
      <header className="mb-4 flex items-start gap-3">
        <div>
          <h2 className="text-xl font-semibold">编辑精选</h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        <FeedLink feed={{ of: "picks" }} className="ml-auto" />
      </header>
      {picks.length ? <PickGrid picks={picks} /> : <p className="py-24 text-center text-muted">还没有精选作品</p>}
      {page.hasMore && (
        <p className="mt-6 text-center">
          <Link
            to={`?cursor=${encodeURIComponent(page.cursor)}`}
            className="rounded-full border border-line px-5 py-2 text-sm hover:border-primary hover:text-primary"
          >
            更早的精选
          </Link>
        </p>
      )}
    </main>
  );
}
