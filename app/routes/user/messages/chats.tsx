import { Link } from "react-router";
import type { Route } from "./+types/chats";
import { Avatar } from "../../../components/Avatar.tsx";
import { RelativeTime } from "../../../components/RelativeTime.tsx";
import { MessageBadge } from "../../../components/MessageBadge.tsx";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { listConversations } from "../../../lib/upstream/inbox.ts";
import { useRevalidateOnInbox } from "../../../lib/inbox.tsx";
import { NextPage } from "../../../components/NextPage.tsx";

export const meta: Route.MetaFunction = () => [{ title: "私信" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  return { page: await orErrorPage(listConversations(apiClient(request, context), cursor)) };
}

/** The conversation list: the latest first, each with its last message and what is unread in it. */
export default function Chats({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  useRevalidateOnInbox((inbox) => inbox.messageCount);
  if (!page.results.length)
    return (
      <p className="py-16 text-center text-muted">
        还没有私信。在别人的个人主页点 <b>私信</b> 就能开始对话。
      </p>
    );
  return (
    <section>
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
        {page.results.map((c) => (
          <li key={c.peer.id}>
            <Link
              to={`/user/messages/chat/${c.peer.id}`}
              className="flex items-center gap-3 p-3 hover:bg-surface-2"
              data-testid="conversation"
            >
              <Avatar user={c.peer} size={45} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{c.peer.nickname}</span>
                  <RelativeTime ms={c.lastAt} className="shrink-0 text-xs text-muted" />
                </span>
                <span className="flex items-center gap-2">
                  <span className={`min-w-0 flex-1 truncate text-sm ${c.unreadCount ? "text-fg" : "text-muted"}`}>
                    {c.lastFromMe && "我："}
                    {c.lastContent}
                  </span>
                  <MessageBadge count={c.unreadCount} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {page.hasMore && <NextPage cursor={page.cursor} />}
    </section>
  );
}
