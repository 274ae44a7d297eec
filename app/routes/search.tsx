import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/search";
import { WorkGrid } from "../components/WorkCard.tsx";
import { ApiFailure, apiClient } from "../lib/api.server.ts";
import { searchWorks } from "../lib/upstream/site.ts";
import { useSite } from "../lib/site.ts";
import { FormAlert } from "../components/FormAlert.tsx";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: data?.keyword ? `${data.keyword} · 搜索` : "搜索" },
];

const ranges = [
  { value: "0", label: "不限时间" },
  { value: "1", label: "一天内" },
  { value: "2", label: "一周内" },
  { value: "3", label: "一个月内" },
  { value: "4", label: "一年内" },
];

/** Search results (spec §2 `/search`): the keyword travels as ?q=, with node, time range and page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("q") ?? "").trim();
  const nodeId = url.searchParams.get("nodeId") ?? "";
  const timeRange = url.searchParams.get("timeRange") ?? "0";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  if (!keyword) return { keyword, nodeId, timeRange, result: null, error: null };
  try {
    const result = await searchWorks(apiClient(request, context), { keyword, nodeId, timeRange, page });
    return { keyword, nodeId, timeRange, result, error: null };
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    return { keyword, nodeId, timeRange, result: null, error: err.message };
  }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { keyword, nodeId, timeRange, result, error } = loaderData;
  const site = useSite();
  const submit = useSubmit();
  const loading = useNavigation().state === "loading";
  const pageHref = (page: number) =>
    `/search?${new URLSearchParams({ q: keyword, nodeId, timeRange, page: String(page) })}`;
  return (
    <main className="mx-auto max-w-7xl px-4 py-5 lg:px-6" aria-busy={loading}>
      <h1 className="mb-3 text-xl font-semibold">{keyword ? <>“{keyword}” 的搜索结果</> : "搜索作品"}</h1>
      <Form
        method="get"
        action="/search"
        className="mb-5 flex flex-wrap items-center gap-2"
        onChange={(e) => submit(e.currentTarget)}
      >
        <input type="hidden" name="q" value={keyword} />
        <select
          name="nodeId"
          defaultValue={nodeId}
          aria-label="节点"
          className="rounded-full border border-line bg-surface px-3 py-1.5 text-sm"
        >
          <option value="">全部节点</option>
          {site?.nodes.map((n) => (
            <option key={n.nodeId} value={n.nodeId}>
              {n.name}
            </option>
          ))}
        </select>
        <select
          name="timeRange"
          defaultValue={timeRange}
          aria-label="时间范围"
          className="rounded-full border border-line bg-surface px-3 py-1.5 text-sm"
        >
          {ranges.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-full border border-line px-3 py-1.5 text-sm">
            筛选
          </button>
        </noscript>
      </Form>
      <FormAlert message={error} />
      {!keyword && <p className="py-16 text-center text-muted">在顶部的搜索框输入关键词，找找喜欢的作品。</p>}
      {result && result.results.length === 0 && (
        <p className="py-16 text-center text-muted">没有找到与 “{keyword}” 相关的作品，换个关键词试试。</p>
      )}
      {result && result.results.length > 0 && (
        <>
          <WorkGrid works={result.results} testId="search-results" />
          <nav aria-label="分页" className="mt-6 flex justify-center gap-3 text-sm">
            {result.page > 1 && (
              <Link to={pageHref(result.page - 1)} className="rounded-full border border-line px-4 py-1.5">
                上一页
              </Link>
            )}
            <span className="px-2 py-1.5 text-muted">第 {result.page} 页</span>
            {result.hasMore && (
              <Link to={pageHref(result.page + 1)} className="rounded-full border border-line px-4 py-1.5">
                下一页
              </Link>
            )}
          </nav>
        </>
      )}
    </main>
  );
}
