import { useEffect, useState } from "react";
import { formatDuration } from "../../lib/work.ts";
import { uploadFile, type Uploaded } from "../../lib/upload-client.ts";
import { useHydrated } from "../../lib/hydrated.ts";

/**
 * One file (the music's audio, a project's logo): its current URL travels in a hidden field; a new file goes
 * with the form without JavaScript (`${name}File`), or uploads at once with progress when it runs.
 */
export function SingleFile({
  name,
  kind,
  label,
  accept,
  initial,
  initialDuration = 0,
  error,
  hint,
}: {
  name: string;
  kind: "image" | "audio";
  label: string;
  accept: string;
  initial: string;
  initialDuration?: number;
  error?: string;
  hint?: string;
}) {
  const [url, setUrl] = useState(initial);
  const [duration, setDuration] = useState(initialDuration);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState(error);
  const hydrated = useHydrated();
  useEffect(() => setProblem(error), [error]);
  const id = `f-${name}`;
  return (
    <div data-testid={`file-${name}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {url && <input type="hidden" name={name} value={url} />}
      {url && (
        <div className="mt-1 flex items-center gap-3 text-sm">
          {kind === "image" ? (
            <img src={url} alt="" className="h-14 w-14 rounded-lg object-cover" />
          ) : (
            <audio controls src={url} preload="metadata" className="h-9" />
          )}
          {kind === "audio" && duration > 0 && <span className="text-muted">时长 {formatDuration(duration)}</span>}
        </div>
      )}
      <input
        id={id}
        type="file"
        name={hydrated ? undefined : `${name}File`}
        accept={accept}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setProblem(undefined);
          setProgress(0);
          try {
            const up: Uploaded = await uploadFile(file, kind, setProgress);
            setUrl(up.url);
            setDuration(up.duration ?? 0);
          } catch (err) {
            setProblem((err as Error).message);
          } finally {
            setProgress(null);
            e.target.value = "";
          }
        }}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary-soft file:px-4 file:py-1.5 file:text-primary"
      />
      {progress !== null && (
        <progress value={progress} max={1} className="mt-1 h-1.5 w-full" aria-label="上传进度" data-uploading />
      )}
      {problem ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {problem}
        </p>
      ) : (
        hint && <p className="mt-1 text-xs text-muted">{hint}</p>
      )}
    </div>
  );
}
