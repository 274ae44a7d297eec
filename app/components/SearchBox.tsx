import { useEffect, useId, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  addToHistory,
  loadHistory,
  removeFromHistory,
  saveHistory,
  SEARCH_MAX_LENGTH,
  suggest,
} from "../lib/search-history.ts";

/**
 * spec §2 search box: a GET form to /search (works without JavaScript). With it: a history of ten recent
 * keywords as suggestions filtered by what is typed, arrow keys to move, Enter to go, and a delete per entry.
 */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(params.get("q") ?? "");
  const [history, setHistory] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const box = useRef<HTMLFormElement>(null);

  useEffect(() => setHistory(loadHistory(window.localStorage)), []);
  useEffect(() => setKeyword(params.get("q") ?? ""), [params]);

  const suggestions = suggest(history, keyword);
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
  const remove = (k: string) => {
    const next = removeFromHistory(history, k);
    setHistory(next);
    saveHistory(window.localStorage, next);
  };

  return (
    <form
      ref={box}
      role="search"
      method="get"
      action="/search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        go(active >= 0 && suggestions[active] ? suggestions[active] : keyword);
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <input
        type="search"
        name="q"
        value={keyword}
        required
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="搜索"
        aria-label="搜索作品"
        autoComplete="off"
        role="combobox"
        aria-expanded={open && suggestions.length > 0}
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
            setActive((i) => (suggestions.length ? (i + 1) % suggestions.length : -1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (suggestions.length ? (i <= 0 ? suggestions.length - 1 : i - 1) : -1));
          } else if (e.key === "Escape") setOpen(false);
        }}
        className={`w-full rounded-full border border-line bg-surface-2 py-1.5 pl-4 pr-9 text-sm outline-none transition focus:border-primary focus:bg-surface ${
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
      {open && suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="搜索历史"
          className="absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-line bg-surface py-1 text-sm shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`flex items-center justify-between px-3 py-1.5 ${i === active ? "bg-surface-2" : ""}`}
            >
              <button
                type="button"
                className="flex-1 truncate text-left"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(s)}
              >
                {s}
              </button>
              <button
                type="button"
                aria-label={`删除搜索记录 ${s}`}
                className="ml-2 px-1 text-muted hover:text-danger"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => remove(s)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
