import { Link } from "react-router";
import type { SearchHitView } from "../../contract/search/views.ts";
import { Avatar } from "./Avatar.tsx";
import { Marked } from "./Marked.tsx";
import { RelativeTime } from "./RelativeTime.tsx";
import { KindAndNode, TagList } from "./WorkLabels.tsx";
import { RightsBadges } from "./WorkRights.tsx";

/**
 * Works found by a search, as a list: the title and the passage that matched, marked, beside the cover. What matched
 * less well (parts of a compound, characters side by side) follows the real matches under its own heading.
 */
export function SearchHits({ hits }: { hits: SearchHitView[] }) {
  const real = hits.filter((w) => !w.nearMiss);
  const lower = hits.filter((w) => w.nearMiss);
  return (
    <div className="space-y-3" data-testid="search-results">
      {real.length > 0 && <HitList hits={real} />}
      {lower.length > 0 && (
        <section aria-labelledby="near-miss-heading" data-testid="near-misses">
          <h2 id="near-miss-heading" className="mb-2 px-1 text-sm text-muted">
            相关度较低的结果
          </h2>
          <HitList hits={lower} />
        </section>
      )}
    </div>
  );
}

function HitList({ hits }: { hits: SearchHitView[] }) {
  return (
    <ol className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {hits.map((w) => {
        const href = `/art/${w.artId}`;
        return (
          <li key={w.artId} className="flex gap-4 p-4" data-testid="search-hit">
            <div className="min-w-0 flex-1">
              <div className="mb-1 flex items-center gap-2 text-xs text-muted">
                <KindAndNode work={w} />
                <RightsBadges work={w} />
              </div>
              {w.title && (
                <h2 className="font-semibold leading-snug">
                  <Link to={href} className="hover:text-primary">
                    <Marked runs={w.titleMarks} />
                  </Link>
                </h2>
              )}
              <p className={`mt-1 line-clamp-3 text-sm ${w.title ? "text-muted" : ""}`}>
                {w.title ? (
                  <Marked runs={w.snippet} />
                ) : (
                  <Link to={href} className="hover:text-primary">
                    <Marked runs={w.snippet} />
                  </Link>
                )}
              </p>
              {w.tags.length > 0 && (
                <TagList
                  tags={w.tags}
                  className="mt-2 flex flex-wrap gap-1.5"
                  chip={(t) => ({
                    className: `rounded-full px-2 py-0.5 text-xs hover:text-primary ${t.hit ? "bg-primary-soft text-primary" : "bg-surface-2 text-muted"}`,
                  })}
                />
              )}
              <footer className="mt-2 flex items-center gap-3 text-xs text-muted">
                <Link to={`/user/${w.user.id}`} className="flex min-w-0 items-center gap-1.5 hover:text-fg">
                  <Avatar user={w.user} size={20} />
                  <span className="truncate">{w.user.nickname}</span>
                </Link>
                <span aria-label={`${w.likeCount} 个赞`}>♥ {w.likeCount}</span>
                <span aria-label={`${w.commentCount} 条评论`} className="flex items-center gap-1">
                  <svg
                    width="12"
                    height="12"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden
                  >
                    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
                  </svg>
                  {w.commentCount}
                </span>
                <RelativeTime ms={w.createdAt} />
              </footer>
            </div>
            {w.cover && (
              <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden>
                <img
                  src={w.cover.variants?.["320"] ?? w.cover.url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-20 w-28 rounded-xl bg-surface-2 object-cover sm:h-24 sm:w-36"
                />
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
