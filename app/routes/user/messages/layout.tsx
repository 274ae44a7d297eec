import type { ReactNode } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { TabNav } from "../../../components/TabNav.tsx";
import { MessageBadge } from "../../../components/MessageBadge.tsx";
import { requireUser } from "../../../lib/site.server.ts";
import { useInbox } from "../../../lib/inbox.tsx";

export const meta: Route.MetaFunction = () => [{ title: "消息" }, { name: "robots", content: "noindex" }];

/** /user/messages (requirements §2): notifications and private messages, each a tab. Opening it marks nothing read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function MessagesLayout() {
  const inbox = useInbox();
  const tabs: [ReactNode, string, string?][] = [
    [
      <>
        通知 <MessageBadge count={inbox?.notificationCount ?? 0} />
      </>,
      "/user/messages",
    ],
    [
      <>
        私信 <MessageBadge count={inbox?.messageCount ?? 0} />
      </>,
      "/user/messages/chats",
      "/user/messages/chat/",
    ],
  ];
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 flex items-center gap-2 text-2xl font-semibold">
        消息 <MessageBadge count={inbox?.count ?? 0} />
      </h1>
      <div className="mb-5 flex items-end justify-between gap-3">
        <TabNav label="消息" tabs={tabs} />
      </div>
      <Outlet />
    </main>
  );
}
