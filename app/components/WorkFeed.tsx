import { useMemo, useState } from "react";
import { Link, useFetcher } from "react-router";
import { WorkGrid } from "./WorkCard.tsx";
import type { CardPage } from "../lib/work.ts";
import { unpack } from "../speed/packed.ts";

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
  // The page and every page fetched after it. Both answers are taken in during the render that first sees them, not
  // in an effect: a render the router shows with a fetcher's data may commit before its effects run, and the works
  // would then never be appended.
  const [taken, setTaken] = useState({ page, more: fetcher.data, pages: [page] });
  let { pages } = taken;
  if (taken.page !== page || taken.more !== fetcher.data) {
    const next = fetcher.data?.page;
    if (taken.page !== page) pages = [page];
    else if (next) pages = [...pages, next];
    setTaken({ page, more: fetcher.data, pages });
  }
  const works = useMemo(() => {
    const seen = new Set<number>();
    return pages.flatMap((p) => unpack(p.results)).filter((w) => !seen.has(w.artId) && seen.add(w.artId));
  }, [pages]);
  const last = pages[pages.length - 1];
  const cursor = last.hasMore ? last.cursor : "";

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
