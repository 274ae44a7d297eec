import { useEffect, useState } from "react";
import { useHydrated } from "../../lib/hydrated.ts";

/**
 * A Markdown field. Without JavaScript it is a textarea; with it, a 预览 tab renders the text with the same
 * renderer and safety settings the server uses (loaded on first use).
 */
export function MarkdownEditor({
  name,
  label,
  defaultValue,
  maxLength,
  rows = 12,
  error,
  markdown = true,
  placeholder,
}: {
  name: string;
  label: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
  error?: string;
  markdown?: boolean;
  placeholder?: string;
}) {
  const [value, setValue] = useState(defaultValue);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [html, setHtml] = useState("");
  const hydrated = useHydrated();
  useEffect(() => {
    if (tab !== "preview") return;
    let live = true;
    import("../../../contract/markdown.ts").then(({ renderMarkdown }) => live && setHtml(renderMarkdown(value)));
    return () => {
      live = false;
    };
  }, [tab, value]);
  const id = `f-${name}`;
  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {markdown && hydrated && (
          <div role="tablist" aria-label={`${label}编辑方式`} className="flex gap-1 text-xs">
            {(["write", "preview"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                onClick={() => setTab(t)}
                className={`rounded-full px-3 py-1 ${tab === t ? "bg-primary-soft text-primary" : "text-muted"}`}
              >
                {t === "write" ? "编辑" : "预览"}
              </button>
            ))}
          </div>
        )}
      </div>
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={maxLength}
        rows={rows}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        hidden={tab === "preview"}
        className="mt-1 w-full rounded-xl border border-line bg-surface p-3 font-mono text-sm outline-none focus:border-primary"
      />
      {tab === "preview" && (
        <div
          className="prose-work mt-1 min-h-40 rounded-xl border border-line bg-surface p-4"
          data-testid="markdown-preview"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      <p className="mt-1 flex justify-between text-xs text-muted">
        {error ? (
          <span role="alert" className="text-danger">
            {error}
          </span>
        ) : (
          <span>{markdown ? "支持 Markdown" : ""}</span>
        )}
        <span>
          {value.length} / {maxLength}
        </span>
      </p>
    </div>
  );
}
