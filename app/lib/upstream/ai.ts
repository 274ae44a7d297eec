import { ai } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** The site's AI (contract/ai/endpoints.ts). */
export const getAiStatus = (api: ApiClient) => api.call(ai.status);
export const listAiConversations = (api: ApiClient) => api.call(ai.conversations);
export const getAiConversation = (api: ApiClient, id: number) => api.call(ai.conversation, { params: { id } });
export const removeAiConversation = (api: ApiClient, id: number) => api.call(ai.remove, { params: { id } });
export const askAi = (api: ApiClient, body: BodyOf<typeof ai.ask>) => api.call(ai.ask, { body });
export const openAiStream = (api: ApiClient, body: BodyOf<typeof ai.stream>, signal?: AbortSignal) =>
  api.open(ai.stream, signal, body);
export const getAiAdmin = (api: ApiClient) => api.call(ai.admin);
export const saveAiSettings = (api: ApiClient, body: BodyOf<typeof ai.saveSettings>) =>
  api.call(ai.saveSettings, { body });
