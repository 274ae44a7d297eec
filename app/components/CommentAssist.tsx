import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from "react";
import { useFetcher } from "react-router";
import type { SearchSuggestions } from "../../contract/search/views.ts";
import { mentionAt, mentionName } from "../../contract/works/mentions.ts";
import { Avatar } from "./Avatar.tsx";

/** The emoji the picker offers: a small set for praise and art, drawn by the reader's own font. */
export const EMOJI = [
  "😀",
  "😂",
  "🥹",
  "😍",
  "🤩",
  "😎",
  "🥳",
  "😭",
  "😮",
  "🤔",
  "👍",
  "👏",
  "🙏",
  "💪",
  "🎉",
  "✨",
  "🔥",
  "❤️",
  "🎨",
  "🖌️",
  "📷",
  "🎵",
  "🌸",
  "🌙",
];

const SUGGEST_DELAY_MS = 200;

/**
 * What the comment box offers while one types (with JavaScript): people to @ by nickname or username, chosen with
 * the arrow keys and Enter or a click, and an emoji picker; both write at the caret. Without JavaScript one types
 * @name by hand, which the API resolves the same way.
 */
export function useCommentAssist(text: RefObject<HTMLTextAreaElement | null>) {
  const fetcher = useFetcher<SearchSuggestions>();
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const listId = useId();
  const { load } = fetcher;
  const query = typing?.query ?? "";
  useEffect(() => {
    if (!query) return;
    const timer = setTimeout(() => load(`/search/suggest?q=${encodeURIComponent(query)}`), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, load]);
  const people = typing && fetcher.state === "idle" ? (fetcher.data?.people ?? []) : [];

  /** Writes at the caret (replacing from `from`), and leaves the caret after it. */
  const write = (value: string, from?: number) => {
    const el = text.current;
    if (!el) return;
    el.focus();
    el.setRangeText(value, from ?? el.selectionStart, el.selectionEnd, "end");
    el.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const pick = (person: { nickname: string; username: string }) => {
    if (!typing) return;
    write(`@${mentionName(person)} `, typing.start);
    setTyping(null);
  };
  const read = () => {
    const el = text.current;
    if (!el) return;
    setTyping(mentionAt(el.value, el.selectionStart));
    setActive(0);
  };

  const textarea = {
    "aria-autocomplete": "list" as const,
    "aria-controls": listId,
    "aria-activedescendant": people.length ? `${listId}-${active}` : undefined,
    onInput: read,
    onClick: read,
    onBlur: () => setTimeout(() => setTyping(null), 150),
    onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => {
      if (!people.length) return;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : people.length - 1;
        setActive((i) => (i + step) % people.length);
      } else if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        pick(people[active] ?? people[0]);
      } else if (e.key === "Escape") setTyping(null);
    },
  };

  const suggestions = (
    <ul
      id={listId}
      role="listbox"
      aria-label="提到的人"
      hidden={!people.length}
      className="max-h-56 overflow-y-auto rounded-xl border border-line bg-surface py-1 text-sm shadow-lg"
    >
      {people.map((p, i) => (
        <li
          key={p.id}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault();
            pick(p);
          }}
          className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 ${i === active ? "bg-surface-2" : ""}`}
        >
          <Avatar user={p} size={20} />
          <span>{p.nickname}</span>
          <span className="text-xs text-muted">@{p.username}</span>
        </li>
      ))}
    </ul>
  );

  const emoji = (
    <span className="relative">
      <button
        type="button"
        aria-expanded={emojiOpen}
        onClick={() => setEmojiOpen((o) => !o)}
        className="rounded-full border border-line px-3 py-1 text-sm hover:border-primary"
      >
        😀 表情
      </button>
      {emojiOpen && (
        <span
          role="group"
          aria-label="表情"
          className="absolute bottom-full left-0 z-20 mb-1 grid w-64 grid-cols-8 gap-1 rounded-xl border border-line bg-surface p-2 shadow-lg"
        >
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              aria-label={`插入 ${e}`}
              onClick={() => {
                write(e);
                setEmojiOpen(false);
              }}
              className="rounded p-1 text-lg hover:bg-surface-2"
            >
              {e}
            </button>
          ))}
        </span>
      )}
    </span>
  );

  return { textarea, suggestions, emoji };
}
