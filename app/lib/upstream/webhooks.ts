import { webhooks } from "../../../contract/webhooks/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** A member's webhooks (contract/webhooks/endpoints.ts). */
export const listWebhooks = (api: ApiClient) => api.call(webhooks.list);
export const createWebhook = (api: ApiClient, body: BodyOf<typeof webhooks.create>) =>
  api.call(webhooks.create, { body });
export const removeWebhook = (api: ApiClient, id: number) => api.call(webhooks.remove, { params: { id } });
export const pingWebhook = (api: ApiClient, id: number) => api.call(webhooks.ping, { params: { id } });
