import { Link } from "react-router";

/** The link to the next page of a cursor-paged list (a plain link: it works without JavaScript). */
export function NextPage({ cursor, query = "" }: { cursor: string; query?: string }) {
  return (
    <p className="mt-6 text-center">
      <Link
        to={`?${query ? `${query}&` : ""}cursor=${encodeURIComponent(cursor)}`}
        className="inline-block rounded-full border border-line bg-surface px-6 py-2 text-sm hover:border-primary hover:text-primary"
      >
        下一页
      </Link>
    </p>
  );
}
