import type { WorkCardView } from "../../contract/types.ts";
import { formatDuration, hostOf, workTitle } from "../lib/work.ts";
import { KindAndNode } from "./WorkLabels.tsx";
import { SiteLink } from "./SiteLink.tsx";
import { Avatar } from "./Avatar.tsx";
import { RelativeTime } from "./RelativeTime.tsx";
import { WorkType } from "../../contract/kinds.ts";

/** A work in a list: cover, title (or content as title), author, node, likes and time. */
export function WorkCard({ work, eager = false }: { work: WorkCardView; eager?: boolean }) {
  const title = workTitle(work);
  const href = `/art/${work.artId}`;
  return (
    <article
      className="mb-4 break-inside-avoid overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition hover:shadow-md"
      data-testid="work-card"
    >
      {work.cover && (
        <SiteLink to={href} className="relative block bg-surface-2" tabIndex={-1} aria-hidden>
          <img
            src={work.cover.url}
            alt={work.cover.alt || title}
            width={work.cover.width || undefined}
            height={work.cover.height || undefined}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="h-auto w-full object-cover"
            style={
              work.cover.width
                ? { aspectRatio: `${work.cover.width} / ${work.cover.height}` }
                : { aspectRatio: "4 / 3" }
            }
          />
          {work.imageCount > 1 && (
            <span className="absolute right-2 top-2 rounded-full bg-black/55 px-2 py-0.5 text-xs text-white">
              {work.imageCount} 张
            </span>
          )}
          {work.type === WorkType.music && (
            <span className="absolute bottom-2 left-2 rounded-full bg-black/55 px-2 py-0.5 text-xs text-white">
              ♪ {formatDuration(work.duration)}
            </span>
          )}
        </SiteLink>
      )}
      <div className="p-3.5">
        <div className="mb-1 flex items-center gap-2 text-xs text-muted">
          <KindAndNode work={work} />
          {work.pinned && (
            <span className="ml-auto rounded bg-primary-soft px-1.5 text-primary" data-testid="pinned">
              置顶
            </span>
          )}
        </div>
        <h3 className={`leading-snug ${work.title ? "font-semibold" : ""} line-clamp-3`}>
          <SiteLink to={href} className="hover:text-primary">
            {title}
          </SiteLink>
        </h3>
        {work.title && work.summary && work.type !== WorkType.post && (
          <p className="mt-1 line-clamp-2 text-sm text-muted">{work.summary}</p>
        )}
        {work.type === WorkType.link && work.url && (
          <p className="mt-1 truncate text-xs text-primary">↗ {hostOf(work.url)}</p>
        )}
        <footer className="mt-3 flex items-center gap-2 text-xs text-muted">
          <SiteLink to={`/user/${work.user.id}`} className="flex min-w-0 items-center gap-1.5 hover:text-fg">
            <Avatar user={work.user} size={24} />
            <span className="truncate">{work.user.nickname}</span>
          </SiteLink>
          <span className="ml-auto flex shrink-0 items-center gap-3">
            <span aria-label={`${work.likeCount} 个赞`} className={work.liked ? "text-primary" : ""}>
              ♥ {work.likeCount}
            </span>
            <RelativeTime ms={work.createdAt} />
          </span>
        </footer>
      </div>
    </article>
  );
}

/** Works as a masonry: columns on wide screens, one column on phones; the first few pictures load at once. */
export function WorkGrid({ works, testId = "work-feed" }: { works: WorkCardView[]; testId?: string }) {
  return (
    <div className="columns-1 gap-4 sm:columns-2 lg:columns-3 xl:columns-4" data-testid={testId}>
      {works.map((w, i) => (
        <WorkCard key={w.artId} work={w} eager={i < 4} />
      ))}
    </div>
  );
}
