import type { NotificationKind } from "../scores/growth.ts";
import type { Page } from "../shared/page.ts";
import type { UserRef } from "../people/views.ts";

/** 消息: notifications, private messages and conversations, and the bell's unread summary. */

/** Something that happened to the viewer. `work` and `comment` are what it concerns, when it concerns one. */
export type NotificationView = {
  notificationId: number;
  kind: NotificationKind;
  /** The comment it concerns (comments, replies, mentions), else 0. */
  commentId: number;
  actor: UserRef | null;
  work: { artId: number; title: string } | null;
  /** The comment's text, cut short, for comments, replies and mentions. */
  comment: string;
  /** A level reached ("3 渐入佳境"), or an admin's reason. */
  detail: string;
  read: boolean;
  createdAt: number;
};

export type PrivateMessageView = {
  messageId: number;
  senderId: number;
  content: string;
  read: boolean;
  createdAt: number;
};

/** One line of the conversation list. */
export type ConversationView = {
  peer: UserRef;
  lastContent: string;
  lastFromMe: boolean;
  lastAt: number;
  unreadCount: number;
};

/** A conversation as its page shows it: the other person, the standing between the two, a page of messages (newest first). */
export type ChatView = {
  peer: UserRef;
  /** I blocked them / they blocked me. */
  blocking: boolean;
  blockedBy: boolean;
  messages: Page<PrivateMessageView>;
};

/** One unread item of msgrecent: a notification or the latest message of a conversation. */
export type RecentItem =
  { type: "notification"; notification: NotificationView } | { type: "message"; conversation: ConversationView };

/** GET /api/user/msgrecent (requirements §7): the unread count and the most recent unread items. */
export type MsgRecent = { count: number; notificationCount: number; messageCount: number; messages: RecentItem[] };
