import { Form, Link } from "react-router";
import type { SeriesAround, SeriesSummary } from "../../contract/series/views.ts";

/**
 * The series a work is in, each with its place and the works before and after it; for its author, a form that adds
 * it to another of their series (a plain post: it works without JavaScript).
 */
export function SeriesNav({
  around,
  own,
  action,
  authorId,
}: {
  around: SeriesAround[];
  /** The author's series, when the viewer is the author. */
  own: SeriesSummary[] | null;
  action: string;
  authorId: number;
}) {
  const addable = own?.filter((s) => !around.some((a) => a.seriesId === s.seriesId)) ?? [];
  if (!around.length && !own) return null;
  return (
    <section id="series" aria-label="合集" className="mt-6 scroll-mt-24 space-y-2" data-testid="series-nav">
      {around.map((s) => (
        <nav
          key={s.seriesId}
          aria-label={`合集 ${s.title}`}
          className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm"
        >
          <p className="flex flex-wrap items-center gap-2">
            <span className="rounded bg-primary-soft px-1.5 text-xs text-primary">合集</span>
            <Link to={`/series/${s.seriesId}`} className="font-medium hover:text-primary">
              {s.title}
            </Link>
            <span className="text-muted">
              第 {s.position} / {s.workCount} 件
            </span>
          </p>
          <p className="mt-2 flex flex-wrap justify-between gap-2">
            {s.prev ? (
              <Link to={`/art/${s.prev.artId}`} rel="prev" className="min-w-0 truncate hover:text-primary">
                ← 上一件：{s.prev.title}
              </Link>
            ) : (
              <span className="text-muted">已是第一件</span>
            )}
            {s.next ? (
              <Link to={`/art/${s.next.artId}`} rel="next" className="min-w-0 truncate text-right hover:text-primary">
                下一件：{s.next.title} →
              </Link>
            ) : (
              <span className="text-muted">已是最后一件</span>
            )}
          </p>
        </nav>
      ))}
      {own &&
        (addable.length ? (
          <Form method="post" action={action} className="flex flex-wrap items-center gap-2 text-sm">
            <input type="hidden" name="intent" value="addToSeries" />
            <label htmlFor="add-to-series" className="text-muted">
              加入合集
            </label>
            <select id="add-to-series" name="seriesId" className="rounded-lg border border-line bg-surface px-2 py-1">
              {addable.map((s) => (
                <option key={s.seriesId} value={s.seriesId}>
                  {s.title}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="rounded-full border border-line px-3 py-1 hover:border-primary hover:text-primary"
            >
              加入
            </button>
          </Form>
        ) : (
          <p className="text-sm text-muted">
            <Link to={`/user/${authorId}/series`} className="text-primary underline underline-offset-2">
              新建合集
            </Link>
            ，把作品按顺序归在一起。
          </p>
        ))}
    </section>
  );
}
