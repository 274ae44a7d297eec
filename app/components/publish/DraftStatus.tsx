import type { AutosaveState } from "./autosave.ts";

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString("zh-CN", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Shanghai" });

/**
 * 存草稿 (a plain post of the form, so it works without JavaScript: the files go with it) and, while the page's
 * script saves as one types, what became of the last save.
 */
export function DraftStatus({ state, savedAt, unsaved }: { state: AutosaveState; savedAt: number; unsaved: boolean }) {
  const said =
    state === "saving"
      ? "正在保存草稿…"
      : state === "failed"
        ? "草稿没有保存上，请检查网络"
        : savedAt && !unsaved
          ? `草稿已自动保存 ${clock(savedAt)}`
          : "";
  return (
    <>
      <span role="status" className={`mr-auto text-xs ${state === "failed" ? "text-danger" : "text-muted"}`}>
        {said}
      </span>
      <button
        type="submit"
        name="intent"
        value="draft"
        className="rounded-full border border-line px-5 py-2 text-sm hover:border-primary hover:text-primary"
      >
        存草稿
      </button>
    </>
  );
}
