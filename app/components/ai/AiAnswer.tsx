import { AI_NOTICE, citationParts, type AiState } from "../../../contract/ai/ai.ts";
import type { AiSourceView } from "../../../contract/ai/views.ts";
import { SiteLink } from "../SiteLink.tsx";
import { DeepSearchIcon, DeepThinkIcon } from "./AiIcons.tsx";

export type AnswerShown = {
  content: string;
  reasoning: string;
  sources: AiSourceView[];
  state: AiState | "writing";
  think: boolean;
  search: boolean;
  /** Why it failed, when it did. */
  error?: string | null;
};

const stateNote: Partial<Record<AnswerShown["state"], string>> = {
  stopped: "已停止回答",
  cut: "回答包含不适宜的内容，已截断",
  long: "回答太长，已在长度上限处停止",
};

/**
 * One answer of the site's AI: 深度思考's reasoning folded above it (open while it is being written), the text with
 * its citations as links to the works, the passages it was given, and the label every answer carries. The text is
 * drawn as text: nothing a model writes becomes markup.
 */
export function AiAnswer({ answer }: { answer: AnswerShown }) {
  const writing = answer.state === "writing";
  const note = stateNote[answer.state];
  return (
    <article className="space-y-3 rounded-2xl border border-line bg-surface p-4" aria-busy={writing}>
      {(answer.think || answer.search) && (
        <p className="flex flex-wrap gap-3 text-xs text-muted">
          {answer.think && (
            <span className="inline-flex items-center gap-1">
              <DeepThinkIcon /> 深度思考
            </span>
          )}
          {answer.search && (
            <span className="inline-flex items-center gap-1">
              <DeepSearchIcon /> 深度搜索
            </span>
          )}
        </p>
      )}
      {answer.reasoning && (
        <details open={writing && !answer.content} className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">
          <summary className="cursor-pointer select-none">
            {writing && !answer.content ? "思考中…" : "已深度思考"}
          </summary>
          <p className="mt-2 whitespace-pre-wrap" data-testid="ai-reasoning">
            {answer.reasoning}
          </p>
        </details>
      )}
      <div className="whitespace-pre-wrap leading-7" data-testid="ai-answer">
        {citationParts(answer.content, answer.sources.length).map((part, i) =>
          "cite" in part ? (
            <SiteLink
              key={i}
              to={`/art/${answer.sources[part.cite - 1].artId}`}
              className="mx-0.5 align-super text-xs text-primary hover:underline"
              aria-label={`引用 ${part.cite}：${answer.sources[part.cite - 1].title}`}
            >
              [{part.cite}]
            </SiteLink>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
        {writing && !answer.content && !answer.reasoning && <span className="text-muted">正在回答…</span>}
      </div>
      {answer.error && (
        <p role="alert" className="text-sm text-danger">
          {answer.error}
        </p>
      )}
      {note && <p className="text-xs text-muted">{note}</p>}
      {answer.sources.length > 0 && (
        <ol className="space-y-1 border-t border-line pt-2 text-sm" aria-label="引用的作品">
          {answer.sources.map((s) => (
            <li key={s.n} className="flex gap-2">
              <span className="text-muted">[{s.n}]</span>
              <SiteLink to={`/art/${s.artId}`} className="truncate hover:text-primary">
                {s.title}
              </SiteLink>
              <span className="shrink-0 text-muted">· {s.author}</span>
            </li>
          ))}
        </ol>
      )}
      {answer.search && answer.sources.length === 0 && !writing && (
        <p className="text-xs text-muted">站内没有找到可以引用的作品（作者不允许 AI 使用的作品不会被引用）。</p>
      )}
      <p className="text-xs text-muted" data-testid="ai-notice">
        {AI_NOTICE}
      </p>
    </article>
  );
}
