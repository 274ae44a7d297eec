import { Link } from "react-router";
import type { Route } from "./+types/tags";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { listFollowedTags } from "../../lib/upstream/curation.ts";
import { useSite } from "../../lib/site.ts";
import { FollowButton } from "../../components/FollowButton.tsx";

/** 关注的标签 (issue 59): the tags a member follows, whose works join their /follow; they unfollow here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const userId = userIdOf(params.userId);
  return { userId, tags: await orErrorPage(listFollowedTags(apiClient(request, context), userId)) };
}

export default function FollowedTags({ loaderData }: Route.ComponentProps) {
  const { userId, tags } = loaderData;
  const mine = useSite()?.user?.id === userId;
  return (
    <section>
      <h2 className="sr-only">关注的标签</h2>
      {mine && (
        <p className="mb-3 text-sm text-muted">关注的标签里的新作品，会和你关注的人的作品一起出现在关注动态里。</p>
      )}
      {tags.length ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="followed-tags">
          {tags.map((t) => (
            <li key={t.tagId} className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3">
              <Link to={`/arts/tag/${t.tagId}`} className="min-w-0 flex-1 hover:text-primary">
                <span className="block truncate font-medium"># {t.name}</span>
                <span className="text-xs text-muted">{t.workCount} 件作品</span>
              </Link>
              {mine && <FollowButton tagId={t.tagId} followed small />}
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-16 text-center text-muted">
          {mine ? (
            <>
              还没有关注标签，去
              <Link to="/tags" className="text-primary hover:underline">
                标签
              </Link>
              里找找感兴趣的吧
            </>
          ) : (
            "还没有关注标签"
          )}
        </p>
      )}
    </section>
  );
}
