import {
  countUnread,
  findNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../db/queries/notifications.ts";
import { listConversations } from "../../db/queries/messages.ts";
import { ApiError } from "../../lib/errors.ts";
import { recentLimit } from "../../../contract/scores/growth.ts";
import type { MsgRecent, NotificationView, RecentItem } from "../../../contract/inbox/views.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { Deps } from "../deps.ts";
import { transact } from "../transaction.ts";
import { conversationView } from "./messages.ts";
import { notificationView } from "./notice-view.ts";
import { decodeCursor, keysetPage } from "../paging.ts";

const PAGE = 20;

export async function notificationsOf(
  deps: Deps,
  userId: number,
  opts: { cursor?: string; unreadOnly?: boolean },
): Promise<Page<NotificationView>> {
  const rows = await listNotifications(deps.db, userId, {
    after: decodeCursor(opts.cursor),
    limit: PAGE,
    unreadOnly: opts.unreadOnly,
  });
  const { page, hasMore, cursor } = keysetPage(rows, PAGE, (r) => r.created_at);
  return { results: page.map(notificationView), cursor, hasMore };
}

/**
 * Marks one notification read and answers it (the web opens what it concerns). Someone else's is "not found":
 * whether it exists is none of the caller's business.
 */
export async function readNotification(deps: Deps, userId: number, id: number): Promise<NotificationView> {
  return transact(deps, async (tx) => {
    const row = await findNotification(tx.trx, userId, id);
    if (!row) throw new ApiError("notFound", "通知不存在");
    if (!row.read_at) {
      await markNotificationRead(tx.trx, userId, id, tx.now);
      tx.touched.add(userId);
    }
    return { ...notificationView(row), read: true };
  });
}

export async function readAllNotifications(deps: Deps, userId: number): Promise<{ marked: number }> {
  return transact(deps, async (tx) => {
    const marked = await markAllNotificationsRead(tx.trx, userId, tx.now);
    if (marked) tx.touched.add(userId);
    return { marked };
  });
}

/** requirements §7 msgrecent: how many unread (notifications and messages) and the latest of them. */
export async function msgRecent(deps: Deps, userId: number): Promise<MsgRecent> {
  const [unread, notes, chats] = await Promise.all([
    countUnread(deps.db, userId),
    listNotifications(deps.db, userId, { limit: recentLimit, unreadOnly: true }),
    listConversations(deps.db, userId, { limit: recentLimit, unreadOnly: true }),
  ]);
  const items: (RecentItem & { at: number })[] = [
    ...notes.slice(0, recentLimit).map((r) => ({
      type: "notification" as const,
      notification: notificationView(r),
      at: r.created_at,
    })),
    ...chats.slice(0, recentLimit).map((r) => ({
      type: "message" as const,
      conversation: conversationView(r, userId),
      at: r.last_at,
    })),
  ];
  const messages = items
    .sort((a, b) => b.at - a.at)
    .slice(0, recentLimit)
    .map(({ at: _at, ...item }) => item as RecentItem);
  const { notifications: notificationCount, messages: messageCount } = unread;
  return { count: notificationCount + messageCount, notificationCount, messageCount, messages };
}
