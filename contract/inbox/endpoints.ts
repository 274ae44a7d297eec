import { get, post, raw } from "../shared/endpoint.ts";
import type { ChatView, ConversationView, MsgRecent, NotificationView, PrivateMessageView } from "./views.ts";
import type { Page } from "../shared/page.ts";

/** Notifications, private messages and the stream that keeps a page's badge current (api/routes/inbox.ts). */
export const inbox = {
  recent: get<MsgRecent>()("/user/msgrecent"),
  /** text/event-stream: `unread` events with a MsgRecent. */
  events: raw("/user/events"),
  notifications: get<Page<NotificationView>>()("/notification/list"),
  readNotification: post<NotificationView>()("/notification/read"),
  readAllNotifications: post<{ marked: number }>()("/notification/readall"),
  conversations: get<Page<ConversationView>>()("/message/conversations"),
  chat: get<ChatView>()("/message/with/:userId"),
  send: post<PrivateMessageView>()("/message/send"),
  block: post<{ blocking: boolean }>()("/message/block"),
  unblock: post<{ blocking: boolean }>()("/message/unblock"),
};
