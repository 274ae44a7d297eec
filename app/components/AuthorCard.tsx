import type { WorkCardView } from "../../contract/works/views.ts";
import type { ProfileView } from "../../contract/people/views.ts";
import { workTitle } from "../lib/work.ts";
import { Avatar } from "./Avatar.tsx";
import { FollowButton } from "./FollowButton.tsx";
import { SiteLink } from "./SiteLink.tsx";

/** The author beside a work: who they are, their counts, a follow button and a few more of their works. */
export function AuthorCard({ author, more }: { author: ProfileView; more: WorkCardView[] }) {
  const home = `/user/${author.id}`;
  return (
    <section className="rounded-2xl border border-line bg-surface p-4" aria-label="作者" data-testid="author-card">
      <div className="flex items-center gap-3">
        <SiteLink to={home} className="shrink-0">
          <Avatar user={author} size={50} alone />
        </SiteLink>
        <div className="min-w-0 flex-1">
          <SiteLink to={home} className="block truncate font-medium hover:text-primary">
            {author.nickname}
          </SiteLink>
          <span className="block text-xs text-muted">@{author.username}</span>
        </div>
        {!author.isSelf && <FollowButton userId={author.id} followed={author.followed} small />}
      </div>
      {author.description && <p className="mt-3 text-sm text-muted">{author.description}</p>}
      <p className="mt-3 flex gap-4 text-xs text-muted">
        <span>
          <b className="text-fg tabular-nums">{author.workCount}</b> 作品
        </span>
        <span>
          <b className="text-fg tabular-nums">{author.fansCount}</b> 粉丝
        </span>
        <span>
          <b className="text-fg tabular-nums">{author.likeReceivedCount}</b> 获赞
        </span>
      </p>
      {more.length > 0 && (
        <>
          <h2 className="mt-4 text-sm font-medium">TA的更多作品</h2>
          <ul className="mt-2 space-y-2 text-sm">
            {more.map((w) => (
              <li key={w.artId} className="flex items-center gap-2">
                {w.cover && (
                  <img
                    src={w.cover.variants?.["320"] ?? w.cover.url}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="h-10 w-10 shrink-0 rounded object-cover"
                  />
                )}
                <SiteLink to={`/art/${w.artId}`} className="line-clamp-2 hover:text-primary">
                  {workTitle(w)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
