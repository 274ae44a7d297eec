import { inbox, scores } from "../../../contract/endpoints.ts";
import type { ApiClient } from "../api.server.ts";

/** Notifications, private messages, sign-in and scores (contract/inbox/endpoints.ts, scores.ts). */
export const getMsgRecent = (api: ApiClient) => api.call(inbox.recent);
export const openInboxStream = (api: ApiClient, signal?: AbortSignal) => api.open(inbox.events, signal);
export const listNotifications = (api: ApiClient, cursor?: string, unread?: boolean) =>
  api.call(inbox.notifications, { query: { cursor, unread: unread ? 1 : undefined } });
export const readNotification = (api: ApiClient, id: number) => api.call(inbox.readNotification, { body: { id } });
export const readAllNotifications = (api: ApiClient) => api.call(inbox.readAllNotifications);
export const listConversations = (api: ApiClient, cursor?: string) =>
  api.call(inbox.conversations, { query: { cursor } });
export const getChat = (api: ApiClient, userId: number, opts: { cursor?: string; markRead?: boolean }) =>
  api.call(inbox.chat, { params: { userId }, query: { cursor: opts.cursor, markRead: opts.markRead ? 1 : undefined } });
export const sendMessage = (api: ApiClient, userId: number, content: string) =>
  api.call(inbox.send, { body: { userId, content } });
export const setBlock = (api: ApiClient, userId: number, on: boolean) =>
  api.call(on ? inbox.block : inbox.unblock, { body: { userId } });
export const checkin = (api: ApiClient) => api.call(scores.checkin);
export const getScores = (api: ApiClient, cursor?: string) => api.call(scores.mine, { query: { cursor } });
export const getLeaderboard = (api: ApiClient) => api.call(scores.leaderboard);
