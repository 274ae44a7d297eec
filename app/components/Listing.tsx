import { NavLink } from "react-router";
import { FeedHeader } from "./FeedHeader.tsx";
import { WorkGrid } from "./WorkCard.tsx";
import { WorkFeed } from "./WorkFeed.tsx";
import { useSite } from "../lib/site.ts";
import { SiteLink } from "./SiteLink.tsx";
import type { CardPage, CardPages } from "../lib/work.ts";
import { unpack } from "../speed/packed.ts";
import { FeedLink } from "./FeedLink.tsx";
import type { FeedOf } from "../lib/feeds.ts";

export const kindTabs = [
  { to: "/arts", label: "全部" },
  { to: "/articles", label: "文章" },
  { to: "/topics", label: "动态" },
  { to: "/projects", label: "项目" },
  { to: "/links", label: "链接" },
  { to: "/tags", label: "标签" },
];

/** A listing page: the node strip, the kinds of work, a heading, then the works. */
export function Listing({
  title,
  description,
  feed,
  tools,
  children,
}: {
  title: string;
  description?: string;
  /** The feed that follows this list, offered beside its heading. */
  feed?: FeedOf;
  /** Beside the heading too: a tag's 关注. */
  tools?: React.ReactNode;
  children: React.ReactNode;
}) {
  const site = useSite();
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6">
      <FeedHeader nodes={site?.nodes ?? []} title={title} />
      <nav aria-label="作品类型" className="mb-4 flex gap-4 border-b border-line text-sm">
        {kindTabs.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            className={({ isActive }) =>
              `-mb-px border-b-2 pb-2 ${isActive ? "border-primary font-medium text-primary" : "border-transparent text-muted hover:text-fg"}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <header className="mb-4 flex items-start gap-3">
        <div>
          <h2 className="text-xl font-semibold">{title}</h2>
          {description && <p className="text-sm text-muted">{description}</p>}
        </div>
        <div className="ml-auto flex items-center gap-2">
          {tools}
          {feed && <FeedLink feed={feed} />}
        </div>
      </header>
      {children}
    </main>
  );
}

export function FeedListing({
  title,
  description,
  page,
  empty,
  index = false,
  feed,
  tools,
}: {
  title: string;
  description?: string;
  page: CardPage;
  empty?: string;
  index?: boolean;
  feed?: FeedOf;
  tools?: React.ReactNode;
}) {
  return (
    <Listing title={title} description={description} feed={feed} tools={tools}>
      <WorkFeed page={page} empty={empty} index={index} />
    </Listing>
  );
}

/** Page links for numbered listings: first, previous, a window around the current page, next, last. */
export function Pager({ page, totalPages, href }: { page: number; totalPages: number; href: (p: number) => string }) {
  if (totalPages <= 1) return null;
  const around = Array.from({ length: totalPages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === totalPages || Math.abs(p - page) <= 2,
  );
  return (
    <nav aria-label="分页" className="mt-6 flex flex-wrap justify-center gap-1.5 text-sm">
      {page > 1 && (
        <SiteLink to={href(page - 1)} className="rounded-full border border-line px-3 py-1">
          上一页
        </SiteLink>
      )}
      {around.map((p, i) => (
        <span key={p} className="flex gap-1.5">
          {i > 0 && p - around[i - 1] > 1 && <span className="px-1 py-1 text-muted">…</span>}
          <SiteLink
            to={href(p)}
            aria-current={p === page ? "page" : undefined}
            className={`min-w-8 rounded-full px-3 py-1 text-center ${p === page ? "bg-primary text-on-primary" : "border border-line"}`}
          >
            {p}
          </SiteLink>
        </span>
      ))}
      {page < totalPages && (
        <SiteLink to={href(page + 1)} className="rounded-full border border-line px-3 py-1">
          下一页
        </SiteLink>
      )}
    </nav>
  );
}

export function NumberedListing({
  title,
  description,
  data,
  href,
  empty,
}: {
  title: string;
  description?: string;
  data: CardPages;
  href: (p: number) => string;
  empty: string;
}) {
  const works = unpack(data.results);
  return (
    <Listing title={title} description={description ? `${description}（共 ${data.total} 件）` : undefined}>
      {works.length ? <WorkGrid works={works} /> : <p className="py-24 text-center text-muted">{empty}</p>}
      <Pager page={data.page} totalPages={data.totalPages} href={href} />
    </Listing>
  );
}
