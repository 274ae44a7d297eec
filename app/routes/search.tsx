import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { apiClient } from "../lib/api.server.ts";
import { feedLinks } from "../lib/feeds.ts";
import { searchPeople, searchWorks } from "../lib/upstream/site.ts";
import { useSite } from "../lib/site.ts";
import { rootOf } from "../lib/meta.ts";
import { FormAlert } from "../components/FormAlert.tsx";
import { SearchHits } from "../components/SearchHits.tsx";
import { PersonList } from "../components/PersonList.tsx";
import { SearchFilters, searchHref, type SearchState } from "../components/SearchFilters.tsx";
import { searchTabs } from "../../contract/search/search.ts";
import type { PeopleSearchResult, SearchResult } from "../../contract/search/views.ts";
import { attempt, fieldsOf, refused } from "../lib/form-action.server.ts";
import { readForm } from "../lib/request.server.ts";
import { requireUser } from "../lib/site.server.ts";
import { askAi } from "../lib/upstream/ai.ts";
import { askSchema } from "../../contract/ai/schemas.ts";
import { DeepSearchPanel } from "../components/ai/DeepSearchPanel.tsx";

/** Results are for the person searching: crawlers follow them to the works, but do not index them. */
export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  const site = rootOf(matches).config?.siteTitle ?? "艺社";
  return [
    { title: data?.state.q ? `${data.state.q} 的搜索结果 · ${site}` : `搜索 · ${site}` },
    { name: "robots", content: "noindex, follow" },
    ...(data?.state.q ? feedLinks({ of: "search", q: data.state.q }, `搜索“${data.state.q}”`) : []),
  ];
};

/** Search (requirements §2 `/search`): the keyword as ?q=, the tab (works or people), node, time range, kind and page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim();
  const state: SearchState = {
    q: get("q"),
    tab: get("tab") === "people" ? "people" : "works",
    nodeId: /^\d+$/.test(get("nodeId")) ? get("nodeId") : "",
    timeRange: /^[0-4]$/.test(get("timeRange")) ? get("timeRange") : "0",
    type: /^[0-4]$/.test(get("type")) ? get("type") : "",
    noAi: get("noAi") === "1" ? "1" : "",
  };
  const page = Math.max(1, Math.floor(Number(get("page"))) || 1);
  const none = { state, page, works: null as SearchResult | null, people: null as PeopleSearchResult | null };
  if (!state.q) return { ...none, error: null };
  const api = apiClient(request, context);
  if (state.tab === "people") {
    const found = await attempt(searchPeople(api, { keyword: state.q, page }));
    return found.ok ? { ...none, people: found.value, error: null } : { ...none, error: found.failure.message };
  }
  const body = {
    keyword: state.q,
    nodeId: state.nodeId,
    timeRange: state.timeRange,
    type: state.type,
    noAi: state.noAi,
    page,
  };
  const found = await attempt(searchWorks(api, body));
  return found.ok ? { ...none, works: found.value, error: null } : { ...none, error: found.failure.message };
}

/** 深度搜索 without JavaScript: the question (the keyword) answered whole, shown above the results. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const fields = fieldsOf(await readForm(request), askSchema);
  const asked = await attempt(askAi(apiClient(request, context), { ...fields, search: "on" }));
  if (!asked.ok) return refused(asked.failure, { answered: null });
  return { answered: asked.value, message: null, fieldErrors: {} as Record<string, string> };
}

function Pager({
  state,
  page,
  hasMore,
  totalPages,
}: {
  state: SearchState;
  page: number;
  hasMore: boolean;
  totalPages?: number;
}) {
  if (page <= 1 && !hasMore) return null;
  const link = "rounded-full border border-line px-4 py-1.5 hover:border-primary hover:text-primary";
  return (
    <nav aria-label="分页" className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 && (
        <Link to={searchHref(state, { page: page - 1 })} className={link}>
          上一页
        </Link>
      )}
      <span className="px-2 py-1.5 text-muted">{totalPages ? `第 ${page} / ${totalPages} 页` : `第 ${page} 页`}</span>
      {hasMore && (
        <Link to={searchHref(state, { page: page + 1 })} className={link}>
          下一页
        </Link>
      )}
    </nav>
  );
}

export default function Search({ loaderData, actionData }: Route.ComponentProps) {
  const { state, page, works, people, error } = loaderData;
  const site = useSite();
  const navigation = useNavigation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  return (
    <main className="mx-auto max-w-5xl px-4 py-5 lg:px-6">
      <h1 className="mb-3 text-xl font-semibold">{state.q ? <>“{state.q}” 的搜索结果</> : "搜索"}</h1>
      {state.q && (
        <nav aria-label="搜索范围" className="mb-4 flex gap-1 border-b border-line">
          {searchTabs.map((t) => (
            <Link
              key={t.key}
              to={searchHref(state, { tab: t.key })}
              aria-current={state.tab === t.key ? "page" : undefined}
              className={`-mb-px border-b-2 px-4 py-2 text-sm ${state.tab === t.key ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-fg"}`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
      )}
      {state.q && state.tab === "works" && <SearchFilters state={state} nodes={site?.nodes ?? []} />}
      <FormAlert message={error} />
      {state.q && state.tab === "works" && site?.config.ai && (
        <DeepSearchPanel
          key={state.q}
          query={state.q}
          signedIn={!!site.user}
          action={searchHref(state)}
          answered={actionData?.answered}
          refusal={actionData?.fieldErrors?.question ?? actionData?.message}
        />
      )}
      <div aria-busy={loading} aria-live="polite" className={loading ? "opacity-60 transition-opacity" : ""}>
        {loading && (
          <p className="mb-3 text-sm text-primary" role="status">
            搜索中…
          </p>
        )}
        {!state.q && <p className="py-16 text-center text-muted">在顶部的搜索框输入关键词，找找喜欢的作品和创作者。</p>}
        {works && (
          <>
            <p className="mb-3 text-sm text-muted" data-testid="search-total">
              {works.total > 0 ? `找到 ${works.total}${works.totalCapped ? "+" : ""} 件作品` : ""}
            </p>
            {works.results.length > 0 ? (
              <SearchHits hits={works.results} />
            ) : (
              <p className="py-16 text-center text-muted">
                {works.total > 0 ? "这一页没有结果了，" : `没有找到与 “${state.q}” 相关的作品，`}
                <Link
                  to={
                    works.total > 0
                      ? searchHref(state)
                      : searchHref(state, { nodeId: "", timeRange: "0", type: "", noAi: "" })
                  }
                  className="text-primary underline underline-offset-2"
                >
                  {works.total > 0 ? "回到第一页" : "去掉筛选再试试"}
                </Link>
                ，或者{" "}
                <Link to={searchHref(state, { tab: "people" })} className="text-primary underline underline-offset-2">
                  搜索用户
                </Link>
                。
              </p>
            )}
            <Pager state={state} page={page} hasMore={works.hasMore} totalPages={works.totalPages} />
          </>
        )}
        {people && (
          <>
            <PersonList
              people={people.results}
              viewerId={site?.user?.id}
              empty={`没有找到昵称或用户名包含 “${state.q}” 的用户。`}
              testId="people-results"
            />
            <Pager state={state} page={page} hasMore={people.hasMore} />
          </>
        )}
      </div>
    </main>
  );
}
