import { Link } from "react-router";
import type { Route } from "./+types/works";
import { WorkFeed } from "../../components/WorkFeed.tsx";
import { loadFeed } from "../../lib/feed.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { kinds } from "../../../contract/kinds.ts";

/** A person's works, newest first, all or of one kind (`?type=post`). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("type");
  const kind = kinds.find((k) => k.key === key);
  const feed = await loadFeed(request, context, { order: "newest", userId: userIdOf(params.userId), type: kind?.type });
  return { ...feed, kind: kind?.key ?? "" };
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
      <WorkFeed key={loaderData.kind} page={loaderData.page} empty="还没有发布作品" index />
    </section>
  );
}
