import type { WebhookEvent } from "./events.ts";

export type WebhookView = {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: number;
  /** The last delivery's outcome, if any. */
  last: WebhookDeliveryView | null;
};

/** The signing secret (`whsec_…`), shown once when the address is added. */
export type CreatedWebhookView = WebhookView & { secret: string };

export type WebhookDeliveryState = "queued" | "retrying" | "sent" | "failed";
export const deliveryStates: Record<WebhookDeliveryState, string> = {
  queued: "排队中",
  retrying: "等待重试",
  sent: "已送达",
  failed: "失败",
};

export type WebhookDeliveryView = {
  id: number;
  event: WebhookEvent | "ping";
  state: WebhookDeliveryState;
  attempts: number;
  /** The receiver's HTTP status at the last try; 0 when none came (refused, timed out, address not allowed). */
  status: number;
  error: string;
  createdAt: number;
  doneAt: number;
};

export type WebhooksPageView = { hooks: WebhookView[]; deliveries: WebhookDeliveryView[] };
