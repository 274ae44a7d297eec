import { get, post, raw } from "../shared/endpoint.ts";
import { cursorQuery, id } from "../shared/fields.ts";
import { blockTarget, chatQuery, messageSchema, notificationListQuery, notificationTarget } from "./schemas.ts";
import type { ChatView, ConversationView, MsgRecent, NotificationView, PrivateMessageView } from "./views.ts";
import type { Page } from "../shared/page.ts";

/** Notifications, private messages and the stream that keeps a page's badge current (api/routes/inbox.ts). */
export const inbox = {
  recent: get<MsgRecent>()("/user/msgrecent", { summary: "未读消息数与最近消息" }),
  /** text/event-stream: `unread` events with a MsgRecent. */
  events: raw("/user/events", { summary: "未读数的事件流（text/event-stream）" }),
  notifications: get<Page<NotificationView>>()("/notification/list", {
    summary: "通知列表",
    query: notificationListQuery,
  }),
  readNotification: post<NotificationView>()("/notification/read", {
    summary: "标记一条通知已读",
    body: notificationTarget,
  }),
  readAllNotifications: post<{ marked: number }>()("/notification/readall", { summary: "全部通知标为已读" }),
  conversations: get<Page<ConversationView>>()("/message/conversations", {
    summary: "私信会话列表",
    query: cursorQuery,
  }),
  chat: get<ChatView>()("/message/with/:userId", {
    summary: "与某人的私信",
    params: { userId: id("用户") },
    query: chatQuery,
  }),
  send: post<PrivateMessageView>()("/message/send", { summary: "发送私信", body: messageSchema }),
  block: post<{ blocking: boolean }>()("/message/block", { summary: "屏蔽某人的私信", body: blockTarget }),
  unblock: post<{ blocking: boolean }>()("/message/unblock", { summary: "取消屏蔽", body: blockTarget }),
};
