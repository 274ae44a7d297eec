import { Link, useLocation } from "react-router";

/** 上一页 / 下一页 for the admin lists: the same query with another page number. */
export function Pager({ page, totalPages, total }: { page: number; totalPages: number; total: number }) {
  const { pathname, search } = useLocation();
  const to = (p: number) => {
    const q = new URLSearchParams(search);
    q.set("page", String(p));
    return `${pathname}?${q}`;
  };
  return (
    <nav aria-label="分页" className="mt-3 flex items-center gap-3 text-sm">
      <span className="text-muted">
        共 {total} 条 · 第 {page}/{totalPages} 页
      </span>
      {page > 1 && <Link to={to(page - 1)}>上一页</Link>}
      {page < totalPages && <Link to={to(page + 1)}>下一页</Link>}
    </nav>
  );
}
