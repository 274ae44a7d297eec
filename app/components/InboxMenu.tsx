import type { RecentItem } from "../../contract/inbox/views.ts";
import { useInbox } from "../lib/inbox.tsx";
import { describeNotification, fromSomeone } from "../../contract/inbox/notice-text.ts";
import { Avatar } from "./Avatar.tsx";
import { Dropdown } from "./Dropdown.tsx";
import { MessageBadge } from "./MessageBadge.tsx";
import { RelativeTime } from "./RelativeTime.tsx";
import { SiteLink } from "./SiteLink.tsx";

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  );
}

function RecentLine({ item }: { item: RecentItem }) {
  if (item.type === "message") {
    const c = item.conversation;
    return (
      <SiteLink to={`/user/messages/chat/${c.peer.id}`} className="flex gap-2 rounded-lg p-2 hover:bg-surface-2">
        <Avatar user={c.peer} size={30} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm">
            <b className="font-medium">{c.peer.nickname}</b> 发来私信
            {c.unreadCount > 1 ? `（${c.unreadCount}条）` : ""}
          </span>
          <span className="block truncate text-xs text-muted">{c.lastContent}</span>
        </span>
      </SiteLink>
    );
  }
  const n = item.notification;
  const { text } = describeNotification(n);
  return (
    <a href={`/user/messages/open/${n.notificationId}`} className="flex gap-2 rounded-lg p-2 hover:bg-surface-2">
      {n.actor && fromSomeone(n) ? (
        <Avatar user={n.actor} size={30} />
      ) : (
        <span className="flex h-[30px] w-[30px] shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          ★
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm">
          {n.actor && fromSomeone(n) && <b className="font-medium">{n.actor.nickname} </b>}
          {text}
        </span>
        <RelativeTime ms={n.createdAt} className="text-xs text-muted" />
      </span>
    </a>
  );
}

/** The message indicator of the desktop bar (requirements §2): a bell with the unread badge, and the latest unread items. */
export function InboxMenu() {
  const inbox = useInbox();
  const count = inbox?.count ?? 0;
  return (
    <Dropdown
      label={count ? `消息，${count}条未读` : "消息"}
      align="right"
      summary={
        <span className="relative flex h-9 w-9 items-center justify-center rounded-full hover:bg-surface-2">
          <BellIcon />
          <MessageBadge count={count} className="absolute -right-1 -top-0.5" />
        </span>
      }
    >
      <div className="w-80" data-testid="inbox-menu">
        <div className="flex items-center justify-between px-2 pb-1 pt-1 text-sm">
          <span className="font-medium">消息</span>
          <span className="text-xs text-muted">
            {inbox?.notificationCount ?? 0} 条通知 · {inbox?.messageCount ?? 0} 条私信未读
          </span>
        </div>
        {inbox?.messages.length ? (
          <ul>
            {inbox.messages.map((item) => (
              <li
                key={item.type === "message" ? `m${item.conversation.peer.id}` : `n${item.notification.notificationId}`}
              >
                <RecentLine item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-2 py-6 text-center text-sm text-muted">没有未读消息</p>
        )}
        <div className="mt-1 flex border-t border-line pt-1 text-center text-sm">
          <SiteLink to="/user/messages" className="flex-1 rounded-lg py-2 hover:bg-surface-2">
            全部通知
          </SiteLink>
          <SiteLink to="/user/messages/chats" className="flex-1 rounded-lg py-2 hover:bg-surface-2">
            私信
          </SiteLink>
        </div>
      </div>
    </Dropdown>
  );
}
