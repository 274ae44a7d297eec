import { aiLimits } from "../../../contract/ai/ai.ts";
import { DeepSearchIcon, DeepThinkIcon } from "./AiIcons.tsx";

type Props = {
  /** Where the form posts without JavaScript. */
  action: string;
  conversationId?: number | null;
  /** The question typed before a refusal, so nothing is lost. */
  question?: string;
  error?: string | null;
  searchOn?: boolean;
  writing: boolean;
  onAsk?: (form: HTMLFormElement) => void;
  onStop?: () => void;
};

const toggle =
  "inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-line px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary";

/**
 * The question box: 深度思考 and 深度搜索 as toggles, 发送 (停止 while an answer is written). A plain form post without
 * JavaScript; with it, `onAsk` streams the answer in place.
 */
export function AskForm(p: Props) {
  return (
    <form
      method="post"
      action={p.action}
      className="space-y-3 rounded-2xl border border-line bg-surface p-3"
      onSubmit={(e) => {
        if (!p.onAsk) return;
        e.preventDefault();
        if (!p.writing) p.onAsk(e.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="ask" />
      {p.conversationId ? <input type="hidden" name="conversationId" value={p.conversationId} /> : null}
      <label htmlFor="ai-question" className="sr-only">
        你的问题
      </label>
      <textarea
        id="ai-question"
        name="question"
        required
        maxLength={aiLimits.question}
        rows={3}
        defaultValue={p.question}
        placeholder="问点什么，比如：站内有哪些水彩风景作品？"
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? "ai-question-error" : undefined}
        className="block w-full resize-y rounded-lg bg-surface-2 px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-primary"
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
        }}
      />
      {p.error && (
        <p id="ai-question-error" role="alert" className="text-sm text-danger">
          {p.error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className={toggle}>
          <input type="checkbox" name="think" className="sr-only" />
          <DeepThinkIcon /> 深度思考
        </label>
        <label className={toggle}>
          <input type="checkbox" name="search" className="sr-only" defaultChecked={p.searchOn} />
          <DeepSearchIcon /> 深度搜索
        </label>
        {p.writing ? (
          <button
            type="button"
            onClick={p.onStop}
            className="ml-auto rounded-full border border-line px-5 py-1.5 text-sm hover:border-danger hover:text-danger"
          >
            停止
          </button>
        ) : (
          <button
            type="submit"
            className="ml-auto rounded-full bg-primary px-5 py-1.5 text-sm font-medium text-on-primary hover:opacity-90"
          >
            发送
          </button>
        )}
      </div>
    </form>
  );
}
