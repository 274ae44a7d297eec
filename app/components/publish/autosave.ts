import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { draftLimits } from "../../../contract/shared/limits.ts";

export type AutosaveState = "idle" | "saving" | "failed";

/**
 * Saves the form as a draft a few seconds after each change, while typing (with JavaScript). `version` counts the
 * changes; what it answers says whether the latest is saved, so leaving asks only for what would be lost. A file
 * still uploading is waited for: a draft saved then would leave it out.
 */
export function useAutosave(form: RefObject<HTMLFormElement | null>, version: number, initialDraftId: number | null) {
  const [draftId, setDraftId] = useState(initialDraftId);
  const [saved, setSaved] = useState({ version: 0, at: 0 });
  const [state, setState] = useState<AutosaveState>("idle");
  const [retry, setRetry] = useState(0);
  // The save on its way, and whether the form is being sent (then no save may start: one landing after a publish
  // would leave a draft of a published work).
  const inFlight = useRef<Promise<number | null> | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    if (version <= saved.version) return;
    const timer = setTimeout(async () => {
      const el = form.current;
      if (!el || sending.current) return;
      if (el.querySelector("[data-uploading]")) return setRetry((n) => n + 1);
      const body = new FormData(el);
      // The form's own post carries files without JavaScript; a draft keeps only what is stored already.
      for (const [key, value] of [...body.entries()]) if (value instanceof File) body.delete(key);
      setState("saving");
      const save = (async () => {
        try {
          const res = await fetch("/art/draft", { method: "POST", body });
          const answer = (await res.json()) as { ok?: boolean; data?: { draftId: number; savedAt: number } };
          if (!res.ok || !answer.ok || !answer.data) throw new Error("refused");
          setDraftId(answer.data.draftId);
          setSaved({ version, at: answer.data.savedAt });
          setState("idle");
          return answer.data.draftId;
        } catch {
          setState("failed");
          return null;
        } finally {
          inFlight.current = null;
        }
      })();
      inFlight.current = save;
    }, draftLimits.autosaveMs);
    return () => clearTimeout(timer);
  }, [form, version, saved.version, retry]);

  /**
   * The form is being sent: no save starts from now on, and a save already on its way is waited for, so the post
   * names the draft it made (publishing then removes it). Answers that draft's id, if a save was on its way.
   */
  const sendingNow = useCallback(async (): Promise<number | null> => {
    sending.current = true;
    return inFlight.current ? inFlight.current : null;
  }, []);
  const savePending = () => inFlight.current !== null;
  const resume = useCallback(() => void (sending.current = false), []);

  return { draftId, savedAt: saved.at, unsaved: version > saved.version, state, sendingNow, savePending, resume };
}
