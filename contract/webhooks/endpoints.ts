import { get, post } from "../shared/endpoint.ts";
import { webhookParams as params, webhookSchema } from "./schemas.ts";
import type { CreatedWebhookView, WebhookDeliveryView, WebhooksPageView } from "./views.ts";

/** A member's webhooks (api/routes/webhooks.ts): from a signed-in session only, like the tokens. */
export const webhooks = {
  list: get<WebhooksPageView>()("/user/webhooks", { summary: "我的 Webhook 与最近的投递" }),
  create: post<CreatedWebhookView>()("/user/webhooks/create", { summary: "添加 Webhook", body: webhookSchema }),
  remove: post<null>()("/user/webhooks/:id/delete", { summary: "删除 Webhook", params }),
  ping: post<WebhookDeliveryView>()("/user/webhooks/:id/ping", { summary: "发送一次测试投递", params }),
};
