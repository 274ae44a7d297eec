import type {
  ChatView,
  CheckinState,
  ConversationView,
  LeaderEntry,
  MsgRecent,
  NotificationView,
  Page,
  PrivateMessageView,
  ScoreSummary,
} from "../../../contract/types.ts";
import type { ApiClient } from "../api.server.ts";

/** Notifications, private messages, sign-in and scores (api/routes/inbox.ts, messages.ts, scores.ts). */
export const getMsgRecent = (api: ApiClient) => api.get<MsgRecent>("/user/msgrecent");
export const openInboxStream = (api: ApiClient, signal?: AbortSignal) => api.open("/user/events", signal);
export const listNotifications = (api: ApiClient, cursor?: string, unread?: boolean) =>
  api.get<Page<NotificationView>>("/notification/list", { cursor, unread: unread ? 1 : undefined });
export const readNotification = (api: ApiClient, id: number) =>
  api.post<NotificationView>("/notification/read", { id });
export const readAllNotifications = (api: ApiClient) => api.post<{ marked: number }>("/notification/readall");
export const listConversations = (api: ApiClient, cursor?: string) =>
  api.get<Page<ConversationView>>("/message/conversations", { cursor });
export const getChat = (api: ApiClient, userId: number, opts: { cursor?: string; markRead?: boolean }) =>
  api.get<ChatView>(`/message/with/${userId}`, { cursor: opts.cursor, markRead: opts.markRead ? 1 : undefined });
export const sendMessage = (api: ApiClient, userId: number, content: string) =>
  api.post<PrivateMessageView>("/message/send", { userId, content });
export const setBlock = (api: ApiClient, userId: number, on: boolean) =>
  api.post<{ blocking: boolean }>(on ? "/message/block" : "/message/unblock", { userId });
export const checkin = (api: ApiClient) => api.post<CheckinState>("/checkin");
export const getScores = (api: ApiClient, cursor?: string) => api.get<ScoreSummary>("/score/mine", { cursor });
export const getLeaderboard = (api: ApiClient) => api.get<LeaderEntry[]>("/score/leaderboard");
