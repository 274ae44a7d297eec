import { Fragment, type CSSProperties } from "react";
import type { WorkCardView } from "../../contract/works/views.ts";
import { formatDuration, hostOf, workTitle } from "../lib/work.ts";
import { KindAndNode } from "./WorkLabels.tsx";
import { RightsBadges } from "./WorkRights.tsx";
import { SiteLink } from "./SiteLink.tsx";
import { Avatar } from "./Avatar.tsx";
import { RelativeTime } from "./RelativeTime.tsx";
import { WorkType } from "../../contract/shared/kinds.ts";
import { relativeTime } from "../lib/time.ts";
import { SharedPiece } from "./SharedPiece.tsx";
import { srcSet } from "./Picture.tsx";
import { coverSizes, rowPlaces } from "./justified.ts";

/**
 * A work in a list: its whole cover (or, without one, a face of its title and opening lines), title, author, node,
 * likes and time. Its look is named once in app.css (.work-card): a listing draws dozens of cards, and each spelled
 * its utilities out again.
 */
export function WorkCard({
  work,
  eager = false,
  lead = false,
  place,
  note,
}: {
  work: WorkCardView;
  /** A line said about it where it is listed: why it was picked for 编辑精选. */
  note?: string;
  eager?: boolean;
  /** The first card: its cover is fetched before anything else the page names (the page's LCP on arrival). */
  lead?: boolean;
  /** Its place in a grid's rows (justified.ts), when it is one of a grid's items itself. */
  place?: CSSProperties;
}) {
  // An eager card's pictures are hinted in the page's head, which a kept card cannot do; the rest are kept by what
  // they show (the data and the time as it reads now).
  if (!eager)
    return (
      <SharedPiece
        as="article"
        className={work.cover ? "work-card" : "work-card text"}
        data-testid="work-card"
        style={place}
        sameFor={`${relativeTime(work.createdAt)}${note ?? ""}${JSON.stringify(work)}`}
      >
        <CardInside work={work} eager={false} note={note} />
      </SharedPiece>
    );
  return (
    <article className={work.cover ? "work-card" : "work-card text"} data-testid="work-card" style={place}>
      <CardInside work={work} eager lead={lead} note={note} />
    </article>
  );
}

function CardInside({
  work,
  eager,
  lead = false,
  note,
}: {
  work: WorkCardView;
  eager: boolean;
  lead?: boolean;
  note?: string;
}) {
  const title = workTitle(work);
  const href = `/art/${work.artId}`;
  return (
    <>
      {work.cover ? (
        <SiteLink to={href} className="cover" tabIndex={-1} aria-hidden>
          <img
            src={work.cover.url}
            srcSet={srcSet(work.cover)}
            sizes={coverSizes(work)}
            alt={work.cover.alt || title}
            width={work.cover.width || undefined}
            height={work.cover.height || undefined}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={lead ? "high" : undefined}
            decoding="async"
            style={work.focus && ({ "--focus": `${work.focus[0]}% ${work.focus[1]}%` } as CSSProperties)}
          />
          {work.imageCount > 1 && <span className="badge top">{work.imageCount} 张</span>}
          {work.type === WorkType.music && <span className="badge bottom">♪ {formatDuration(work.duration ?? 0)}</span>}
        </SiteLink>
      ) : (
        <TextFace work={work} href={href} title={title} />
      )}
      <div className="body">
        <div className="meta">
          <KindAndNode work={work} />
          <RightsBadges work={work} />
          {work.pinned && (
            <span className="pinned" data-testid="pinned">
              置顶
            </span>
          )}
        </div>
        {work.cover && (
          <>
            <h3 className={work.title ? "titled" : undefined}>
              <SiteLink to={href}>{title}</SiteLink>
            </h3>
            {work.title && work.summary && <p className="summary">{work.summary}</p>}
            {work.type === WorkType.link && work.url && <p className="host">↗ {hostOf(work.url)}</p>}
          </>
        )}
        {note && (
          <p className="note" data-testid="card-note">
            {note}
          </p>
        )}
        <footer>
          <SiteLink to={`/user/${work.user.id}`} className="author">
            <Avatar user={work.user} size={24} />
            <span>{work.user.nickname}</span>
          </SiteLink>
          <span className="stats">
            <span aria-label={`${work.likeCount} 个赞`} className={work.liked ? "liked" : undefined}>
              ♥ {work.likeCount}
            </span>
            <RelativeTime ms={work.createdAt} />
          </span>
        </footer>
      </div>
    </>
  );
}

const SHORT_FACE = 40;

/**
 * A card without a picture shows its words instead: the title and the opening lines, set for reading, in the
 * square a picture would have. Its link lies over the whole face, named by the title: exactly the face's box, where a
 * title's own link, clamped, would hang out of a small face over the links of the card above or below.
 */
function TextFace({ work, href, title }: { work: WorkCardView; href: string; title: string }) {
  const excerpt = work.title ? work.summary : "";
  // A few words fill the square in larger type, as a quotation would, rather than sitting small at its top.
  const short = title.length + excerpt.length <= SHORT_FACE;
  return (
    <div className={short ? "face short" : "face"}>
      <h3 className={work.title ? "titled" : undefined}>{title}</h3>
      {excerpt && <p className="excerpt">{excerpt}</p>}
      {work.type === WorkType.link && work.url && <p className="host">↗ {hostOf(work.url)}</p>}
      <SiteLink to={href} className="open" aria-label={title} />
    </div>
  );
}

/**
 * While the HTML streams in, a new card re-breaks the row being filled: painted in between, that is layout shift. The
 * first paint waits (rel=expect, blocking=render) until the first screen's cards are in, marked after the twelfth (three
 * rows of four on the widest screens; a phone's pairs never re-break). Not the whole grid: Lighthouse's model counts all
 * the parsing before the first paint as delaying it.
 */
const FIRST_SCREEN = 12;
const SHOWN = "first-rows";

/**
 * Works in justified rows (justified.ts), in the list's order (left to right, then down; two a row on phones); the
 * first row's pictures load at once.
 */
export function WorkGrid({
  works,
  testId = "work-feed",
  notes,
  firstScreen = true,
}: {
  works: WorkCardView[];
  testId?: string;
  /** A line under each card, by its work's id (编辑精选's reasons). */
  notes?: ReadonlyMap<number, string>;
  /**
   * The page's first grid: its first screen holds the first paint and its first pictures are hinted early. A second
   * grid on the page (a shelf) does neither, and its cards are drawn once for everyone (SharedPiece).
   */
  firstScreen?: boolean;
}) {
  const places = rowPlaces(works);
  const marked = firstScreen ? Math.min(works.length, FIRST_SCREEN) - 1 : -1;
  return (
    <>
      {firstScreen && <link rel="expect" href={`#${SHOWN}`} blocking="render" />}
      <div className="work-grid" data-testid={testId}>
        {works.map((w, i) => (
          <Fragment key={w.artId}>
            <WorkCard
              work={w}
              eager={firstScreen && i < 4}
              lead={firstScreen && i === 0}
              place={places[i]}
              note={notes?.get(w.artId)}
            />
            {i === marked && <span id={SHOWN} hidden />}
          </Fragment>
        ))}
      </div>
    </>
  );
}
