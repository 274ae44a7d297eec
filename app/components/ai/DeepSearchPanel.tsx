import type { AiMessageView } from "../../../contract/ai/views.ts";
import { useAiStream } from "./stream.ts";
import { SigninLink } from "../SigninLink.tsx";
import { SiteLink } from "../SiteLink.tsx";
import { AiAnswer } from "./AiAnswer.tsx";
import { DeepSearchIcon } from "./AiIcons.tsx";

type Props = {
  query: string;
  signedIn: boolean;
  /** The page's address, where the form posts without JavaScript. */
  action: string;
  /** The finished answer a form post brought back, or its refusal. */
  answered?: { conversationId: number; answer: AiMessageView } | null;
  refusal?: string | null;
};

/**
 * 深度搜索 above the search results: the same cited answer as /ai, for this query. Kept as a conversation the member
 * can reopen on /ai.
 */
export function DeepSearchPanel(p: Props) {
  const stream = useAiStream(() => {});
  const live = stream.live;
  const conversationId = live?.conversationId ?? p.answered?.conversationId;
  const refusal = live ? live.refused : p.refusal;
  return (
    <section aria-label="深度搜索" className="mb-5 space-y-3" data-testid="deep-search">
      {!p.signedIn ? (
        <p className="flex items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-3 text-sm text-muted">
          <DeepSearchIcon />
          <SigninLink className="text-primary underline underline-offset-2" />
          后可以用深度搜索，让 AI 根据站内作品回答。
        </p>
      ) : (
        !live &&
        !p.answered && (
          <form
            method="post"
            action={p.action}
            onSubmit={(e) => {
              e.preventDefault();
              void stream.ask(e.currentTarget);
            }}
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-line px-4 py-3 text-sm"
          >
            <input type="hidden" name="question" value={p.query} />
            <input type="hidden" name="search" value="on" />
            <span className="text-muted">让 AI 读一读站内的相关作品，给出带出处的回答。</span>
            <button
              type="submit"
              className="ml-auto inline-flex items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 font-medium text-on-primary hover:opacity-90"
            >
              <DeepSearchIcon /> 深度搜索
            </button>
          </form>
        )
      )}
      {refusal && (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      )}
      {live && !live.refused && <AiAnswer answer={live.answer} />}
      {!live && p.answered && <AiAnswer answer={p.answered.answer} />}
      {stream.writing && (
        <button
          type="button"
          onClick={stream.stop}
          className="rounded-full border border-line px-4 py-1 text-sm hover:border-danger hover:text-danger"
        >
          停止
        </button>
      )}
      {conversationId && !stream.writing && (
        <SiteLink to={`/ai?c=${conversationId}`} className="inline-block text-sm text-primary hover:underline">
          在 AI 助手里继续问
        </SiteLink>
      )}
    </section>
  );
}
