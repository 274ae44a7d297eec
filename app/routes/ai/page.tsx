import { useEffect } from "react";
import { Form, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/page";
import { askSchema } from "../../../contract/ai/schemas.ts";
import type { AiMessageView } from "../../../contract/ai/views.ts";
import { AiAnswer } from "../../components/ai/AiAnswer.tsx";
import { DeepSearchIcon, DeepThinkIcon } from "../../components/ai/AiIcons.tsx";
import { AskForm } from "../../components/ai/AskForm.tsx";
import { RelativeTime } from "../../components/RelativeTime.tsx";
import { SiteLink } from "../../components/SiteLink.tsx";
import { handOver, useAiStream } from "../../components/ai/stream.ts";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { attempt, done, fieldsOf, refused, toastAndGo } from "../../lib/form-action.server.ts";
import { readForm } from "../../lib/request.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import {
  askAi,
  getAiConversation,
  getAiStatus,
  listAiConversations,
  removeAiConversation,
} from "../../lib/upstream/ai.ts";

export const meta: Route.MetaFunction = () => [{ title: "AI 助手" }, { name: "robots", content: "noindex" }];

/** /ai: a member's conversations with the site's AI; ?c= opens one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const open = Number(new URL(request.url).searchParams.get("c")) || 0;
  const [status, conversations, current] = await Promise.all([
    orErrorPage(getAiStatus(api)),
    orErrorPage(listAiConversations(api)),
    open ? orErrorPage(getAiConversation(api, open)) : null,
  ]);
  return { status, conversations, current };
}

/** Without JavaScript: the question is answered whole, then the conversation shows it; or a conversation is deleted. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const removed = await attempt(removeAiConversation(api, Number(form.get("id")) || 0));
    if (!removed.ok) return toastAndGo(context, removed.failure, "/ai");
    return done(context, "对话已删除", "/ai");
  }
  const fields = fieldsOf(form, askSchema);
  const asked = await attempt(askAi(api, fields));
  if (!asked.ok) return refused(asked.failure, { question: fields.question });
  return redirect(`/ai?c=${asked.value.conversationId}#latest`);
}

function Exchange({ messages }: { messages: AiMessageView[] }) {
  return messages.map((m, i) =>
    m.role === "user" ? (
      <p
        key={m.id}
        id={i >= messages.length - 2 ? "latest" : undefined}
        className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-2xl bg-primary-soft px-4 py-2 text-sm"
      >
        {m.content}
      </p>
    ) : (
      <AiAnswer
        key={m.id}
        answer={{ ...m, error: m.state === "failed" ? "这次没有回答成功，没有扣除次数，请重试" : null }}
      />
    ),
  );
}

export default function AiPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, conversations, current } = loaderData;
  const navigate = useNavigate();
  const stream = useAiStream((id) => navigate(`/ai?c=${id}`, { replace: true, preventScrollReset: true }));
  const { live, messages } = handOver(stream.live, current);
  // Once the page draws the stored answer, the stream's copy is let go (it is no longer drawn already).
  const handedOver = stream.live !== null && live === null;
  const { clear } = stream;
  useEffect(() => {
    if (handedOver) clear();
  }, [handedOver, clear]);
  const left = Math.max(0, status.dailyQuota - status.usedToday);
  return (
    <main className="mx-auto grid max-w-6xl gap-5 px-4 py-6 lg:grid-cols-[240px_1fr]">
      <aside aria-label="我的对话" className="space-y-2">
        <SiteLink
          to="/ai"
          className="block rounded-full border border-line px-4 py-1.5 text-center text-sm hover:border-primary hover:text-primary"
        >
          新对话
        </SiteLink>
        <ul className="space-y-1" data-testid="ai-conversations">
          {conversations.map((c) => (
            <li key={c.id} className="group flex items-center gap-1">
              <SiteLink
                to={`/ai?c=${c.id}`}
                aria-current={current?.id === c.id ? "page" : undefined}
                className="min-w-0 flex-1 truncate rounded-lg px-3 py-1.5 text-sm hover:bg-surface-2 aria-[current=page]:bg-surface-2 aria-[current=page]:font-medium"
              >
                {c.title}
              </SiteLink>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={c.id} />
                <button
                  type="submit"
                  className="rounded px-1.5 py-1 text-xs text-muted hover:text-danger"
                  aria-label={`删除对话：${c.title}`}
                >
                  删除
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {conversations.length === 0 && <p className="px-3 text-sm text-muted">还没有对话</p>}
      </aside>
      <section className="min-w-0 space-y-4" aria-label="对话">
        <header className="flex flex-wrap items-baseline gap-3">
          <h1 className="text-2xl font-semibold">{current?.title ?? "AI 助手"}</h1>
          {current && (
            <span className="text-xs text-muted">
              <RelativeTime ms={current.updatedAt} />
            </span>
          )}
          {status.on && <span className="ml-auto text-xs text-muted">今天还可以提问 {left} 次</span>}
        </header>
        {!status.on && (
          <p role="status" className="rounded-lg bg-surface-2 px-4 py-3 text-sm text-muted">
            本站未开启 AI 功能。你之前的对话仍然可以查看和删除。
          </p>
        )}
        {!current && !live && status.on && (
          <div className="space-y-2 rounded-2xl border border-dashed border-line p-5 text-sm text-muted">
            <p className="flex items-center gap-2">
              <DeepThinkIcon /> 深度思考：先推理，再回答，推理过程折叠在回答上方。
            </p>
            <p className="flex items-center gap-2">
              <DeepSearchIcon /> 深度搜索：先搜索站内作品，只根据找到的作品回答，并标注出处。作者不允许 AI
              使用的作品不会被读取。
            </p>
            <p>对话只有你自己能看到，可以随时删除。</p>
          </div>
        )}
        {messages && <Exchange messages={messages} />}
        {live && !live.refused && (
          <>
            <p className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-2xl bg-primary-soft px-4 py-2 text-sm">
              {live.question}
            </p>
            <AiAnswer answer={live.answer} />
          </>
        )}
        {status.on && (
          <AskForm
            action={current ? `/ai?c=${current.id}` : "/ai"}
            conversationId={current?.id}
            question={live?.refused ? live.question : actionData?.question}
            error={live?.refused ?? actionData?.fieldErrors?.question ?? actionData?.message}
            writing={stream.writing}
            onAsk={(form) => stream.ask(form, current?.messages.length ?? 0)}
            onStop={stream.stop}
          />
        )}
      </section>
    </main>
  );
}
