import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/chat";
import { messageLimits } from "../../../../contract/shared/limits.ts";
import { Avatar } from "../../../components/Avatar.tsx";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { RelativeTime } from "../../../components/RelativeTime.tsx";
import { RichText } from "../../../components/RichText.tsx";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { useRevalidateOnInbox } from "../../../lib/inbox.tsx";
import { idParam } from "../../../lib/params.ts";
import { useHydrated } from "../../../lib/hydrated.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { getChat, getMsgRecent, sendMessage, setBlock } from "../../../lib/upstream/inbox.ts";
import { attempt, done, refused } from "../../../lib/form-action.server.ts";
import { COMMISSION_TEMPLATE } from "../../../../contract/people/portfolio.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `与 ${loaderData.chat.peer.nickname} 的私信` : "私信" },
  { name: "robots", content: "noindex" },
];

/** A conversation. Opening its latest page reads what the other person sent; older pages change nothing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  const peerId = idParam(params.userId, "用户不存在");
  const query = new URL(request.url).searchParams;
  const cursor = query.get("cursor") || undefined;
  // 约稿 from a profile opens the conversation with the points an artist needs written out to fill in.
  const template = query.get("intent") === "commission" ? COMMISSION_TEMPLATE : "";
  const api = apiClient(request, context);
  const chat = await orErrorPage(getChat(api, peerId, { cursor, markRead: !cursor }));
  // The unread state after reading: the bell shows it rather than the root's, asked before (lib/inbox.tsx).
  const unread = cursor ? undefined : await getMsgRecent(api).catch(() => undefined);
  return { chat, meId: me.id, older: !!cursor, unread, template };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  const peerId = idParam(params.userId, "用户不存在");
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const js = form.get("js") === "1";
  const content = String(form.get("content") ?? "");
  const here = `/user/messages/chat/${peerId}`;
  if (intent === "block" || intent === "unblock") {
    const set = await attempt(setBlock(api, peerId, intent === "block"));
    if (!set.ok) return refused(set.failure, { ok: false, error: set.failure.message, content });
    return done(context, intent === "block" ? "已拉黑，对方将无法给你发私信" : "已取消拉黑", here);
  }
  if (intent !== "send") return data({ ok: false, error: "未知操作", content }, { status: 400 });
  const sent = await attempt(sendMessage(api, peerId, content));
  if (!sent.ok) {
    const error = sent.failure.fieldErrors.content ?? sent.failure.message;
    return refused(sent.failure, { ok: false, error, content });
  }
  return js ? { ok: true, error: "", content: "" } : redirect(here);
}

function Composer({
  peerId,
  disabled,
  failed,
  template = "",
}: {
  peerId: number;
  disabled: boolean;
  template?: string;
  failed?: { error: string; content: string };
}) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const sent = fetcher.state === "idle" && fetcher.data?.ok;
  useEffect(() => {
    if (sent) form.current?.reset();
  }, [sent, fetcher.data]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : failed?.error;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/user/messages/chat/${peerId}`}
      className="space-y-2 border-t border-line p-3"
      aria-label="发私信"
    >
      <input type="hidden" name="intent" value="send" />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <FormAlert message={error} />
      <textarea
        name="content"
        required
        maxLength={messageLimits.content}
        rows={3}
        disabled={disabled}
        defaultValue={failed?.content ?? template}
        placeholder={disabled ? "无法发送私信" : "写点什么…（按 Ctrl+Enter 发送）"}
        aria-label="私信内容"
        className="w-full resize-y rounded-xl border border-line bg-surface-2 p-3 text-sm focus:border-primary"
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
        }}
      />
      <div className="flex items-center justify-between text-xs text-muted">
        <span>纯文本，最多 {messageLimits.content} 字，链接会自动识别</span>
        <button
          type="submit"
          disabled={disabled || fetcher.state !== "idle"}
          className="rounded-full bg-primary px-6 py-2 text-sm font-medium text-on-primary disabled:opacity-60"
        >
          {fetcher.state === "idle" ? "发送" : "发送中…"}
        </button>
      </div>
    </fetcher.Form>
  );
}

export default function Chat({ loaderData, actionData }: Route.ComponentProps) {
  const { chat, meId, older } = loaderData;
  const { peer } = chat;
  const messages = [...chat.messages.results].reverse();
  const end = useRef<HTMLDivElement>(null);
  // A message from this person while the conversation is open shows at once (and is read by being shown).
  useRevalidateOnInbox((inbox) => {
    const item = inbox.messages.find((m) => m.type === "message" && m.conversation.peer.id === peer.id);
    return item?.type === "message" ? item.conversation.unreadCount : 0;
  });
  const last = messages.at(-1)?.messageId;
  useEffect(() => {
    if (!older) end.current?.scrollIntoView({ block: "nearest" });
  }, [last, older]);
  return (
    <section className="overflow-hidden rounded-2xl border border-line bg-surface">
      <header className="flex items-center gap-3 border-b border-line p-3">
        <Link to="/user/messages/chats" className="text-sm text-muted hover:text-primary" aria-label="返回私信列表">
          ←
        </Link>
        <Link to={`/user/${peer.id}`} className="flex min-w-0 flex-1 items-center gap-2">
          <Avatar user={peer} size={35} />
          <span className="truncate font-medium">{peer.nickname}</span>
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value={chat.blocking ? "unblock" : "block"} />
          <button
            type="submit"
            className="rounded-full border border-line px-3 py-1 text-xs hover:border-danger hover:text-danger"
          >
            {chat.blocking ? "取消拉黑" : "拉黑"}
          </button>
        </Form>
      </header>
      <div className="max-h-[60vh] min-h-64 space-y-3 overflow-y-auto p-4" data-testid="chat-messages">
        {chat.messages.hasMore && (
          <p className="text-center">
            <Link
              to={`?cursor=${encodeURIComponent(chat.messages.cursor)}`}
              className="text-xs text-muted hover:text-primary"
            >
              更早的消息
            </Link>
          </p>
        )}
        {older && (
          <p className="text-center">
            <Link to="." className="text-xs text-muted hover:text-primary">
              回到最新消息
            </Link>
          </p>
        )}
        {messages.length ? (
          messages.map((m) => {
            const mine = m.senderId === meId;
            return (
              <div
                key={m.messageId}
                className={`flex ${mine ? "justify-end" : "justify-start"}`}
                data-testid="chat-message"
              >
                <div className={`max-w-[80%] ${mine ? "items-end" : "items-start"} flex flex-col gap-0.5`}>
                  <RichText
                    content={m.content}
                    className={`rounded-2xl px-3 py-2 ${mine ? "bg-primary text-on-primary" : "bg-surface-2"}`}
                  />
                  <RelativeTime ms={m.createdAt} className="text-[11px] text-muted" />
                </div>
              </div>
            );
          })
        ) : (
          <p className="py-10 text-center text-sm text-muted">还没有消息，打个招呼吧</p>
        )}
        <div ref={end} />
      </div>
      {chat.blockedBy && <p className="border-t border-line px-4 py-2 text-sm text-danger">对方已拒收你的私信</p>}
      {chat.blocking && (
        <p className="border-t border-line px-4 py-2 text-sm text-muted">你已拉黑对方，取消拉黑后才能互发私信</p>
      )}
      <Composer
        peerId={peer.id}
        disabled={chat.blocking || chat.blockedBy}
        failed={actionData && !actionData.ok ? actionData : undefined}
        template={loaderData.template}
      />
    </section>
  );
}
