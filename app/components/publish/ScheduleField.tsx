import { useState } from "react";
import { inputClass } from "../Field.tsx";

/**
 * 定时发布: a China-time minute (a datetime-local field, which works without JavaScript) a new work goes out at; left
 * empty, it goes out now. The API holds the limits (a minute ahead to thirty days) and says so in Chinese.
 */
export function ScheduleField({ value, error }: { value: string; error?: string }) {
  const [at, setAt] = useState(value);
  return (
    <div>
      <label htmlFor="f-publishAt" className="text-sm font-medium">
        定时发布 <span className="font-normal text-muted">（北京时间，可选；不填则立即发布）</span>
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <input
          id="f-publishAt"
          type="datetime-local"
          name="publishAt"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "f-publishAt-error" : undefined}
          className={`${inputClass} mt-0 w-auto`}
        />
        {at && (
          <button type="button" onClick={() => setAt("")} className="text-sm text-muted hover:text-primary">
            清除时间
          </button>
        )}
      </div>
      {error && (
        <p id="f-publishAt-error" role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
