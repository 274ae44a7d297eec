import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { useHydrated } from "../../lib/hydrated.ts";
import { uploadFile } from "../../lib/upload-client.ts";

/** A picture's Markdown as its own paragraph, at `at` in the text. */
export function withPicture(text: string, at: number, url: string, alt: string) {
  const before = text.slice(0, at);
  const lead = !before || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const snippet = `${lead}![${alt.replace(/[[\]\n]/g, "")}](${url})\n\n`;
  return { text: before + snippet + text.slice(at).replace(/^\n+/, ""), caret: at + snippet.length };
}

/**
 * A Markdown field. Without JavaScript it is a textarea; with it, a 预览 tab renders the text with the same
 * renderer and safety settings the server uses (loaded on first use), and pictures chosen with 插入图片, dropped or
 * pasted upload at once and go in at the cursor as a paragraph of their own. In a work's text (`blocks`), a link on a
 * line of its own previews as the card it will be.
 */
export function MarkdownEditor({
  name,
  label,
  defaultValue,
  maxLength,
  rows = 12,
  error,
  markdown = true,
  blocks = false,
  placeholder,
}: {
  name: string;
  label: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
  error?: string;
  markdown?: boolean;
  /** A work's text: a link on a line of its own is a block (contract/shared/markdown.ts). */
  blocks?: boolean;
  placeholder?: string;
}) {
  const [value, setValue] = useState(defaultValue);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [html, setHtml] = useState("");
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const pictures = markdown && hydrated;
  // Where the last picture went: several chosen at once go in one after another, in the order chosen (read from the
  // field, the second went in before the first, whose caret was only set at the next frame).
  const caret = useRef<number | null>(null);
  const insert = async (files: File[]) => {
    caret.current = null;
    for (const file of files.filter((f) => f.type.startsWith("image/"))) {
      setUploading({ name: file.name, progress: 0 });
      setProblem("");
      try {
        const up = await uploadFile(file, "image", (progress) => setUploading({ name: file.name, progress }));
        const alt = file.name.replace(/\.[^.]+$/, "");
        const at = caret.current ?? box.current?.selectionStart ?? value.length;
        setValue((v) => {
          const next = withPicture(v, Math.min(at, v.length), up.url, alt);
          caret.current = next.caret;
          requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
          return next.text;
        });
      } catch (e) {
        setProblem((e as Error).message);
      }
      setUploading(null);
    }
  };
  const takeFiles = (e: ClipboardEvent | DragEvent, files: FileList | undefined) => {
    const list = Array.from(files ?? []).filter((f) => f.type.startsWith("image/"));
    if (!pictures || !list.length) return;
    e.preventDefault();
    void insert(list);
  };
  useEffect(() => {
    if (tab !== "preview") return;
    let live = true;
    // Blocks as the work's page shows them, but for this site's works: those are looked up when it is published.
    import("../../../contract/shared/markdown.ts").then(
      ({ renderMarkdown }) => live && setHtml(renderMarkdown(value, blocks ? { works: new Map() } : {})),
    );
    return () => {
      live = false;
    };
  }, [tab, value, blocks]);
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
        ref={box}
        id={id}
        name={name}
        value={value}
        onPaste={(e) => takeFiles(e, e.clipboardData.files)}
        onDrop={(e) => takeFiles(e, e.dataTransfer.files)}
        onChange={(e) => setValue(e.target.value)}
        maxLength={maxLength}
        rows={rows}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        hidden={tab === "preview"}
        className="mt-1 w-full rounded-xl border border-line bg-surface p-3 font-mono text-sm focus:border-primary"
      />
      {tab === "preview" && (
        <div
          className="prose-work mt-1 min-h-40 rounded-xl border border-line bg-surface p-4"
          data-testid="markdown-preview"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      {pictures && (
        <p className="mt-1 flex flex-wrap items-center gap-3 text-xs text-muted">
          <label className="cursor-pointer rounded-full border border-line px-3 py-1 hover:border-primary hover:text-primary">
            插入图片
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              multiple
              className="sr-only"
              onChange={(e) => {
                void insert(Array.from(e.currentTarget.files ?? []));
                e.currentTarget.value = "";
              }}
            />
          </label>
          <span>
            图片会插在光标处，也可以直接拖入或粘贴；相邻几行的图片会并排成一行
            {blocks && "；一行只放一个链接会显示成卡片，本站作品的链接显示成作品，音乐可以在文中播放"}
          </span>
          {uploading && (
            <span className="flex items-center gap-2">
              正在上传 {uploading.name}
              <progress
                value={uploading.progress}
                max={1}
                className="h-1.5 w-24"
                aria-label="上传进度"
                data-uploading
              />
            </span>
          )}
          {problem && (
            <span role="alert" className="text-danger">
              {problem}
            </span>
          )}
        </p>
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
