import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import {
  addToHistory,
  loadHistory,
  removeFromHistory,
  saveHistory,
  SEARCH_MAX_LENGTH,
  suggest,
} from "./search-history.ts";
import type { SearchSuggestions } from "../../contract/search/views.ts";

type Option =
  { kind: "history"; label: string } | { kind: "node" | "tag" | "person"; label: string; to: string; note?: string };

const groupTitle = { history: "搜索历史", node: "节点", tag: "标签", person: "用户" } as const;
/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

function optionsOf(history: string[], found: SearchSuggestions | undefined): Option[] {
  return [
    ...history.map((label) => ({ kind: "history" as const, label })),
    ...(found?.nodes ?? []).map((n) => ({ kind: "node" as const, label: n.name, to: `/arts/node/${n.nodeId}` })),
    ...(found?.tags ?? []).map((t) => ({ kind: "tag" as const, label: `# ${t.name}`, to: `/arts/tag/${t.tagId}` })),
    ...(found?.people ?? []).map((p) => ({
      kind: "person" as const,
      label: p.nickname,
      note: `@${p.username}`,
      to: `/user/${p.id}`,
    })),
  ];
}

/**
 * requirements §2 search box: a GET form to /search (works without JavaScript). With it: the ten recent keywords filtered
 * by what is typed, then nodes, tags and people whose names hold it (asked as typing pauses); arrow keys move,
 * Enter goes, and each history entry can be deleted.
 */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchSuggestions>();
  const [keyword, setKeyword] = useState(params.get("q") ?? "");
  const [history, setHistory] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const box = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // What was typed before the page hydrated is the keyword: React would otherwise put back the server's value.
  useLayoutEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed && typed !== keyword) {
      setKeyword(typed);
      if (document.activeElement === input.current) setOpen(true);
    }
    // Once, on the first render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => setHistory(loadHistory(window.localStorage)), []);
  // A new address brings its keyword into the box (not on the first render: that would wipe early typing).
  const shownQ = useRef(params.get("q") ?? "");
  useEffect(() => {
    const q = params.get("q") ?? "";
    if (q === shownQ.current) return;
    shownQ.current = q;
    setKeyword(q);
  }, [params]);

  const typed = keyword.trim().slice(0, SEARCH_MAX_LENGTH);
  const { load } = fetcher;
  useEffect(() => {
    if (!open || !typed) return;
    const timer = setTimeout(() => load(`/search/suggest?q=${encodeURIComponent(typed)}`), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, typed, load]);
  // Suggestions answer the text they were asked for; stale ones (from before a change) are not shown.
  const found = typed && fetcher.data && fetcher.state === "idle" ? fetcher.data : undefined;
  const options = optionsOf(suggest(history, keyword), found);

  const go = (k: string) => {
    const word = k.trim().slice(0, SEARCH_MAX_LENGTH);
    if (!word) return;
    const next = addToHistory(history, word);
    setHistory(next);
    saveHistory(window.localStorage, next);
    setOpen(false);
    setActive(-1);
    setKeyword(word);
    navigate(`/search?q=${encodeURIComponent(word)}`);
  };
  const choose = (o: Option) => {
    if (o.kind === "history") return go(o.label);
    setOpen(false);
    setActive(-1);
    navigate(o.to);
  };
  const remove = (k: string) => {
    const next = removeFromHistory(history, k);
    setHistory(next);
    saveHistory(window.localStorage, next);
  };

  return (
    <form
      ref={box}
      role="search"
      aria-label="站内搜索"
      method="get"
      action="/search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        const o = active >= 0 ? options[active] : undefined;
        if (o) choose(o);
        else go(keyword);
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <input
        ref={input}
        type="search"
        name="q"
        value={keyword}
        required
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="搜索"
        aria-label="搜索作品"
        autoComplete="off"
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setKeyword(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (options.length ? (i + 1) % options.length : -1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
          } else if (e.key === "Enter" && open && active >= 0 && options[active]) {
            // The box is required, so from an empty box a browser would stop the form's submit before it fires.
            e.preventDefault();
            choose(options[active]);
          } else if (e.key === "Escape") setOpen(false);
        }}
        className={`w-full rounded-full border border-line bg-surface-2 py-1.5 pl-4 pr-9 text-sm transition focus:border-primary focus:bg-surface ${
          compact ? "h-8" : "h-9 lg:w-56 xl:w-64"
        }`}
      />
      <button
        type="submit"
        aria-label="搜索"
        className="absolute right-2 top-1/2 -translate-y-1/2 p-1 text-muted hover:text-primary"
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
      {open && options.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="搜索建议"
          className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-line bg-surface py-1 text-sm shadow-lg lg:min-w-72"
        >
          {options.map((o, i) => [
            o.kind !== options[i - 1]?.kind && (
              <li key={`${o.kind}-title`} role="presentation" className="px-3 pb-0.5 pt-1.5 text-xs text-muted">
                {groupTitle[o.kind]}
              </li>
            ),
            <li
              key={`${o.kind}-${o.label}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`flex items-center justify-between px-3 py-1.5 ${i === active ? "bg-surface-2" : ""}`}
            >
              <button
                type="button"
                className="flex min-w-0 flex-1 items-baseline gap-2 text-left"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o)}
              >
                <span className="truncate">{o.label}</span>
                {o.kind !== "history" && o.note && <span className="truncate text-xs text-muted">{o.note}</span>}
              </button>
              {o.kind === "history" && (
                <button
                  type="button"
                  aria-label={`删除搜索记录 ${o.label}`}
                  className="ml-2 px-1 text-muted hover:text-danger"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => remove(o.label)}
                >
                  ×
                </button>
              )}
            </li>,
          ])}
        </ul>
      )}
    </form>
  );
}
