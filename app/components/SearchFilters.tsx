import { Form, Link, useSubmit } from "react-router";
import { kinds } from "../../contract/shared/kinds.ts";
import { searchTimeRanges } from "../../contract/search/search.ts";
import type { NodeView } from "../../contract/site/views.ts";
import { ChoiceSelect } from "./ChoiceSelect.tsx";

/** The search page's state in its address: the keyword, the tab and the filters (requirements §3 search state). */
export type SearchState = {
  q: string;
  tab: "works" | "people";
  nodeId: string;
  timeRange: string;
  type: string;
  /** "1": works labelled AI 生成 are left out. */
  noAi: string;
};

/** The address of the search page with some of its state changed; a changed filter starts again at page 1. */
export function searchHref(state: SearchState, change: Partial<SearchState> & { page?: number } = {}): string {
  const next = { ...state, ...change };
  const params = new URLSearchParams({ q: next.q });
  if (next.tab !== "works") params.set("tab", next.tab);
  if (next.nodeId) params.set("nodeId", next.nodeId);
  if (next.timeRange && next.timeRange !== "0") params.set("timeRange", next.timeRange);
  if (next.type) params.set("type", next.type);
  if (next.noAi === "1") params.set("noAi", "1");
  if (change.page && change.page > 1) params.set("page", String(change.page));
  return `/search?${params}`;
}

function Chip({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "true" : undefined}
      preventScrollReset
      className={`rounded-full px-3 py-1 text-sm ${current ? "bg-primary text-on-primary" : "bg-surface-2 text-muted hover:text-fg"}`}
    >
      {children}
    </Link>
  );
}

/**
 * Filters of the works tab: time range and kind as links, the node as a small form (a select and a button) — all
 * of it works without JavaScript; with it, choosing a node submits at once.
 */
export function SearchFilters({ state, nodes }: { state: SearchState; nodes: NodeView[] }) {
  const submit = useSubmit();
  return (
    <div className="mb-4 space-y-2 text-sm" data-testid="search-filters">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="时间范围">
        <span className="w-10 shrink-0 text-muted">时间</span>
        {searchTimeRanges.map((r) => (
          <Chip
            key={r.value}
            to={searchHref(state, { timeRange: String(r.value) })}
            current={state.timeRange === String(r.value)}
          >
            {r.label}
          </Chip>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="作品类型">
        <span className="w-10 shrink-0 text-muted">类型</span>
        <Chip to={searchHref(state, { type: "" })} current={!state.type}>
          全部
        </Chip>
        {kinds.map((k) => (
          <Chip key={k.key} to={searchHref(state, { type: String(k.type) })} current={state.type === String(k.type)}>
            {k.label}
          </Chip>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="AI 作品">
        <span className="w-10 shrink-0 text-muted">AI</span>
        <Chip to={searchHref(state, { noAi: "" })} current={state.noAi !== "1"}>
          包含 AI 作品
        </Chip>
        <Chip to={searchHref(state, { noAi: "1" })} current={state.noAi === "1"}>
          不看 AI 生成
        </Chip>
      </div>
      <Form
        method="get"
        action="/search"
        preventScrollReset
        className="flex flex-wrap items-center gap-2"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      >
        <label htmlFor="search-node" className="w-10 shrink-0 text-muted">
          节点
        </label>
        <input type="hidden" name="q" value={state.q} />
        {state.timeRange !== "0" && <input type="hidden" name="timeRange" value={state.timeRange} />}
        {state.type && <input type="hidden" name="type" value={state.type} />}
        {state.noAi === "1" && <input type="hidden" name="noAi" value="1" />}
        <ChoiceSelect
          id="search-node"
          name="nodeId"
          defaultValue={state.nodeId}
          key={state.nodeId}
          className="rounded-full border border-line bg-surface px-3 py-1"
          all="全部节点"
          choices={nodes.map((n) => ({ value: n.nodeId, label: n.name }))}
        />
        <noscript>
          <button type="submit" className="rounded-full border border-line px-3 py-1">
            筛选
          </button>
        </noscript>
      </Form>
    </div>
  );
}
