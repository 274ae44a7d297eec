import { useEffect, useRef, useState } from "react";
import { uploadFile } from "../../lib/upload-client.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { workLimits } from "../../../contract/shared/limits.ts";
import { CoverCrop } from "./CoverCrop.tsx";

/**
 * `thumb`: a display size to show while editing. A marked or display-only work's stored picture is not served
 * (server/media.ts), so the form shows the picture by its display size, posted back with it through a refusal.
 */
export type EditableImage = { url: string; alt: string; thumb?: string };
type Row = EditableImage & { key: string; progress?: number; preview?: string; error?: string; broken?: boolean };

let seq = 0;
const keyed = (img: EditableImage): Row => ({ ...img, key: `i${++seq}` });

/**
 * The pictures of a work being edited, in the order the work shows them. Each row posts imageUrl, imageAlt and
 * (without JavaScript) a removeImage box. The cover is the first picture unless the author picks another with its
 * radio, whichever upload finishes first. Without JavaScript new files go with the form (imageFiles) and 上移/下移
 * post the form back reordered (arrange), as 上传 does with the files chosen; with it files upload at once with a progress bar and a preview, and rows
 * can be dragged or moved with the arrow buttons.
 */
export function ImageList({
  initial,
  cover: initialCover,
  focus,
  max,
  error,
  onChange,
}: {
  initial: EditableImage[];
  cover: string;
  focus: [number, number];
  max: number;
  error?: string;
  /** Told of every change to the list (an upload done, a move, a removal, a new cover), for the draft's autosave. */
  onChange?: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => initial.map(keyed));
  // "" until the author picks one: then the first picture in the list's order is the cover.
  const [picked, setPicked] = useState(initialCover === initial[0]?.url ? "" : initialCover);
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) onChange?.();
    shown.current = true;
  }, [rows, picked, onChange]);
  const cover = rows.some((r) => r.url && r.url === picked) ? picked : (rows.find((r) => r.url)?.url ?? "");
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const update = (key: string, patch: Partial<Row> | ((row: Row) => Partial<Row>)) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...(typeof patch === "function" ? patch(r) : patch) } : r)));
  const move = (key: string, to: number) =>
    setRows((rs) => {
      const from = rs.findIndex((r) => r.key === key);
      if (from < 0 || to < 0 || to >= rs.length) return rs;
      const next = [...rs];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row);
      return next;
    });
  const add = (files: FileList | File[] | null) => {
    const pictures = Array.from(files ?? []).filter((f) => f.type.startsWith("image/"));
    for (const file of pictures.slice(0, Math.max(0, max - rows.length))) {
      const row: Row = { key: `u${++seq}`, url: "", alt: "", progress: 0, preview: URL.createObjectURL(file) };
      setRows((rs) => [...rs, row]);
      uploadFile(file, "image", (p) => update(row.key, { progress: p }))
        .then((up) => {
          // A picture this browser could not preview (an AVIF, say) is shown as the site stored it.
          update(row.key, (r) => ({
            url: up.url,
            progress: undefined,
            broken: false,
            preview: r.broken ? undefined : r.preview,
          }));
        })
        .catch((e: Error) => {
          // A refused file is often no picture at all: its preview would be the browser's broken-image mark.
          if (row.preview) URL.revokeObjectURL(row.preview);
          update(row.key, { error: e.message, progress: undefined, preview: undefined, broken: true });
        });
    }
    if (input.current) input.current.value = "";
  };

  // Pictures pasted anywhere on the page (but into a box that takes them itself, as an article's text does).
  const [dropping, setDropping] = useState(false);
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []).filter((f) => f.type.startsWith("image/"));
      if (e.defaultPrevented || !files.length) return;
      e.preventDefault();
      addRef.current(files);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, []);
  return (
    <fieldset
      className={`space-y-2 rounded-xl ${dropping ? "outline-2 outline-dashed outline-primary" : ""}`}
      data-testid="image-list"
      onDragOver={(e) => {
        if (!hydrated || !e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        if (!hydrated || !e.dataTransfer.files.length) return;
        e.preventDefault();
        setDropping(false);
        add(e.dataTransfer.files);
      }}
    >
      <legend className="text-sm font-medium">
        图片{" "}
        <span className="font-normal text-muted">
          （最多{max}张，按顺序展示；封面默认为第一张{hydrated ? "；可拖入或粘贴图片" : ""}）
        </span>
      </legend>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
      <ul className="space-y-2">
        {rows.map((r, i) => (
          <li
            key={r.key}
            draggable={hydrated && !!r.url}
            onDragStart={() => setDragging(r.key)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => dragging && move(dragging, i)}
            onDragEnd={() => setDragging(null)}
            className={`flex items-center gap-3 rounded-xl border border-line bg-surface p-2 ${dragging === r.key ? "opacity-50" : ""}`}
            data-testid="image-row"
          >
            {r.broken ? (
              <span
                aria-hidden
                data-testid="image-unreadable"
                className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-xl text-danger"
              >
                !
              </span>
            ) : (
              <img
                src={r.preview || r.thumb || r.url}
                alt=""
                onError={() => update(r.key, { broken: true })}
                className="h-16 w-16 shrink-0 rounded-lg bg-surface-2 object-cover"
              />
            )}
            <div className="min-w-0 flex-1 space-y-1">
              {r.url && <input type="hidden" name="imageUrl" value={r.url} />}
              {r.url && <input type="hidden" name="imageThumb" value={r.thumb ?? ""} />}
              <input
                name={r.url ? "imageAlt" : undefined}
                value={r.alt}
                onChange={(e) => update(r.key, { alt: e.target.value })}
                maxLength={workLimits.alt}
                placeholder="图片说明（替代文字）"
                aria-label={`第${i + 1}张图片的说明`}
                className="w-full rounded-lg border border-line bg-surface px-2 py-1 text-sm"
              />
              {r.progress !== undefined && (
                <progress value={r.progress} max={1} className="h-1.5 w-full" aria-label="上传进度" data-uploading />
              )}
              {r.error && (
                <p role="alert" className="text-xs text-danger">
                  {r.error}
                </p>
              )}
            </div>
            {r.url && (
              <label className="flex shrink-0 items-center gap-1 text-xs">
                <input
                  type="radio"
                  name="cover"
                  value={r.url}
                  checked={cover === r.url}
                  onChange={() => setPicked(r.url)}
                />{" "}
                封面
              </label>
            )}
            {hydrated ? (
              <span className="flex shrink-0 flex-col text-xs">
                <button
                  type="button"
                  aria-label="上移"
                  onClick={() => move(r.key, i - 1)}
                  disabled={i === 0}
                  className="px-1 disabled:opacity-30"
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label="下移"
                  onClick={() => move(r.key, i + 1)}
                  disabled={i === rows.length - 1}
                  className="px-1 disabled:opacity-30"
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label="移除图片"
                  onClick={() => {
                    if (r.preview) URL.revokeObjectURL(r.preview);
                    setRows((rs) => rs.filter((x) => x.key !== r.key));
                  }}
                  className="px-1 text-danger"
                >
                  ×
                </button>
              </span>
            ) : (
              <span className="flex shrink-0 flex-col items-end gap-0.5 text-xs">
                {i > 0 && (
                  <button type="submit" name="arrange" value={`${i}:-1`} className="text-muted hover:text-primary">
                    上移
                  </button>
                )}
                {i < rows.length - 1 && (
                  <button type="submit" name="arrange" value={`${i}:1`} className="text-muted hover:text-primary">
                    下移
                  </button>
                )}
                <label className="flex items-center gap-1 text-danger">
                  <input type="checkbox" name="removeImage" value={r.url} /> 移除
                </label>
              </span>
            )}
          </li>
        ))}
      </ul>
      {cover && (
        <CoverCrop
          key={cover}
          url={rows.find((r) => r.url === cover)?.preview || cover}
          initial={cover === (initialCover || initial[0]?.url) ? focus : [50, 50]}
          onChange={onChange}
        />
      )}
      {rows.length < max && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            type="file"
            name={hydrated ? undefined : "imageFiles"}
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-label="添加图片"
            onChange={(e) => add(e.target.files)}
            className="block min-w-0 flex-1 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary-soft file:px-4 file:py-1.5 file:text-primary"
          />
          {!hydrated && (
            <button
              type="submit"
              name="arrange"
              value="upload"
              className="rounded-full border border-line px-3 py-1 text-xs"
            >
              上传所选图片
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}
