import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { WorkGrid } from "./WorkCard.tsx";
import type { CardPage } from "../lib/work.ts";
import { unpack } from "../lib/packed.ts";

/**
 * Work cards in rows (WorkGrid). "加载更多" is a plain link to the next cursor; with JavaScript the next page is
 * fetched and appended below, so no card already shown moves.
 */
export function WorkFeed({
  page,
  empty = "这里还没有作品",
  index = false,
}: {
  page: CardPage;
  empty?: string;
  index?: boolean;
}) {
  const fetcher = useFetcher<{ page: CardPage }>();
  const [works, setWorks] = useState(() => unpack(page.results));
  const [cursor, setCursor] = useState(page.hasMore ? page.cursor : "");
  // Both answers are taken in during the render that first sees them, not in an effect: a render the router shows
  // with a fetcher's data may commit before its effects run, and the works would then never be appended.
  const [shown, setShown] = useState({ page, more: fetcher.data });
  if (shown.page !== page) {
    setShown({ page, more: fetcher.data });
    setWorks(unpack(page.results));
    setCursor(page.hasMore ? page.cursor : "");
  } else if (shown.more !== fetcher.data) {
    setShown({ page, more: fetcher.data });
    const next = fetcher.data?.page;
    if (next) {
      setWorks((cur) => {
        const seen = new Set(cur.map((w) => w.artId));
        return [...cur, ...unpack(next.results).filter((w) => !seen.has(w.artId))];
      });
      setCursor(next.hasMore ? next.cursor : "");
    }
  }

  if (!works.length) return <p className="py-24 text-center text-muted">{empty}</p>;
  return (
    <>
      <WorkGrid works={works} />
      {cursor && (
        <div className="mt-6 text-center">
          <Link
            to={`?cursor=${encodeURIComponent(cursor)}`}
            onClick={(e) => {
              e.preventDefault();
              // An index route's loader is addressed with ?index, or the parent's would answer.
              fetcher.load(`?${index ? "index&" : ""}cursor=${encodeURIComponent(cursor)}`);
            }}
            className="inline-block rounded-full border border-line bg-surface px-6 py-2 text-sm hover:border-primary hover:text-primary"
            aria-busy={fetcher.state !== "idle"}
          >
            {fetcher.state !== "idle" ? "加载中…" : "加载更多"}
          </Link>
        </div>
      )}
    </>
  );
}
