import { feedPath, feedTypes, type FeedOf } from "../lib/feeds.ts";

/** "订阅": the page's RSS feed, a plain link the browser follows (a feed is a file, not a page of the app). */
export function FeedLink({ feed, className = "" }: { feed: FeedOf; className?: string }) {
  return (
    <a
      href={feedPath(feed, "rss")}
      type={feedTypes.rss}
      title="用 RSS 阅读器订阅这里的新作品"
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-sm text-muted hover:bg-surface-2 hover:text-fg ${className}`}
    >
      <svg aria-hidden viewBox="0 0 16 16" className="size-3.5" fill="currentColor">
        <circle cx="3" cy="13" r="2" />
        <path d="M1 7a8 8 0 0 1 8 8h-2.2A5.8 5.8 0 0 0 1 9.2zM1 2a13 13 0 0 1 13 13h-2.2A10.8 10.8 0 0 0 1 4.2z" />
      </svg>
      订阅
    </a>
  );
}
