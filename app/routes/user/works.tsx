import { Link } from "react-router";
import type { Route } from "./+types/works";
import { WorkFeed } from "../../components/WorkFeed.tsx";
import { loadFeed } from "../../lib/feed.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { kinds } from "../../../contract/shared/kinds.ts";
import { WorkGrid } from "../../components/WorkCard.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { listPinned } from "../../lib/upstream/people.ts";

/** A person's works, newest first, all or of one kind (`?type=post`); the works they pinned on top first. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("type");
  const kind = kinds.find((k) => k.key === key);
  const userId = userIdOf(params.userId);
  // The works pinned on top head the first page of all works.
  const first = !kind && !new URL(request.url).searchParams.has("cursor");
  const [feed, pinned] = await Promise.all([
    loadFeed(request, context, { order: "newest", userId, type: kind?.type }),
    first ? orErrorPage(listPinned(apiClient(request, context), userId)) : [],
  ]);
  return { ...feed, kind: kind?.key ?? "", pinned };
}

export default function UserWorks({ loaderData }: Route.ComponentProps) {
  const filters = [{ key: "", label: "全部" }, ...kinds];
  return (
    <section aria-label="作品">
      <nav aria-label="作品类型" className="mb-4 flex flex-wrap gap-2 text-sm">
        {filters.map((f) => (
          <Link
            key={f.key}
            to={f.key ? `?type=${f.key}` : "."}
            aria-current={loaderData.kind === f.key ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${loaderData.kind === f.key ? "border-primary bg-primary-soft text-primary" : "border-line bg-surface hover:text-primary"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {loaderData.pinned.length > 0 && (
        <section aria-labelledby="pinned-title" className="mb-6">
          <h2 id="pinned-title" className="mb-3 text-sm font-medium text-muted">
            置顶作品
          </h2>
          <WorkGrid works={loaderData.pinned} testId="pinned-works" />
        </section>
      )}
      <h2 className="sr-only">全部作品</h2>
      <WorkFeed key={loaderData.kind} page={loaderData.page} empty="还没有发布作品" index />
    </section>
  );
}
