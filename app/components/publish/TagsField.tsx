import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import type { SearchSuggestions } from "../../../contract/search/views.ts";
import { workLimits } from "../../../contract/shared/limits.ts";
import { Field, type FormState } from "../Field.tsx";

/** The tag being typed: the text after the last space or comma. */
export function lastTag(text: string): { start: number; word: string } {
  const start = Math.max(...[" ", ",", "，", "、"].map((s) => text.lastIndexOf(s))) + 1;
  return { start, word: text.slice(start).trim() };
}

/**
 * The publish form's tags: a plain text field (space- or comma-separated) that, with JavaScript, offers the
 * existing tags that hold the one being typed, so works gather under the same tag rather than near twins.
 */
export function TagsField({ form }: { form: FormState }) {
  const fetcher = useFetcher<SearchSuggestions>();
  const [word, setWord] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const { load } = fetcher;
  useEffect(() => {
    if (!word) return;
    const timer = setTimeout(() => load(`/search/suggest?q=${encodeURIComponent(word)}`), 200);
    return () => clearTimeout(timer);
  }, [word, load]);
  const tags = word && fetcher.state === "idle" ? (fetcher.data?.tags ?? []).slice(0, 8) : [];
  const choose = (input: HTMLInputElement, name: string) => {
    const { start } = lastTag(input.value);
    input.value = `${input.value.slice(0, start)}${name} `;
    // As typing would: the form's autosave counts it as a change.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    setWord("");
    input.focus();
  };
  return (
    <div>
      <Field
        formState={form}
        name="tags"
        label="标签"
        maxLength={workLimits.tagsField}
        hint={`用空格或逗号分隔，最多${workLimits.tags}个`}
        autoComplete="off"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={tags.length ? `${listId}-${active}` : undefined}
        onInput={(e) => {
          setWord(lastTag(e.currentTarget.value).word);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setWord(""), 150)}
        onKeyDown={(e) => {
          if (!tags.length) return;
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (i + (e.key === "ArrowDown" ? 1 : tags.length - 1)) % tags.length);
          } else if (e.key === "Enter") {
            e.preventDefault();
            choose(e.currentTarget, tags[active].name);
          } else if (e.key === "Escape") setWord("");
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="已有的标签"
        hidden={!tags.length}
        className="mt-1 flex flex-wrap gap-2 text-sm"
      >
        {tags.map((t, i) => (
          <li
            key={t.tagId}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              const input = document.getElementById("f-tags");
              if (input instanceof HTMLInputElement) choose(input, t.name);
            }}
            className={`cursor-pointer rounded-full border px-3 py-0.5 ${i === active ? "border-primary text-primary" : "border-line"}`}
          >
            # {t.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
