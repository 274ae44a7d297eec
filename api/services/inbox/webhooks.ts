import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
} from "../../db/queries/webhooks.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { checkHost, OutboundRefused } from "../../lib/safe-outbound.ts";
import { newWebhookSecret } from "../../lib/webhook-signature.ts";
import { isWebhookEvent, siteEvent, webhookLimits, type WebhookEvent } from "../../../contract/webhooks/events.ts";
import type {
  CreatedWebhookView,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhooksPageView,
} from "../../../contract/webhooks/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { queueDelivery } from "./webhook-out.ts";

type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];
const deliveryView = (d: DeliveryRow): WebhookDeliveryView => ({
  id: d.id,
  event: d.event as WebhookDeliveryView["event"],
  state: d.state as WebhookDeliveryState,
  attempts: d.attempts,
  status: d.status,
  error: d.error,
  createdAt: Number(d.created_at),
  doneAt: Number(d.done_at),
});

/** A member's addresses, each with its last delivery, and their latest deliveries. */
export async function webhooksOf(deps: Deps, user: CurrentUserView): Promise<WebhooksPageView> {
  const [hooks, deliveries] = await Promise.all([
    listWebhooks(deps.db, user.id),
    listDeliveries(deps.db, user.id, webhookLimits.logKept),
  ]);
  return {
    hooks: hooks.map((h) => {
      const last = deliveries.find((d) => d.webhook_id === h.id);
      return {
        id: h.id,
        url: h.url,
        events: h.events.split(",").filter(isWebhookEvent),
        createdAt: Number(h.created_at),
        last: last ? deliveryView(last) : null,
      };
    }),
    deliveries: deliveries.map(deliveryView),
  };
}

/**
 * Adds an address: site-wide events are the owner's alone; a member keeps a few; the address must not lead inside
 * (checked now, and again at every delivery). The signing secret is answered this once.
 */
export async function createWebhook(
  deps: Deps,
  user: CurrentUserView,
  input: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhookView> {
  const events = [...new Set(input.events)];
  if (events.some(siteEvent) && !user.roles.includes("owner"))
    throw fieldError("forbidden", "events", "只有站长可以订阅全站事件");
  if ((await countWebhooks(deps.db, user.id)) >= webhookLimits.perMember)
    throw fieldError("validation", "url", `最多添加${webhookLimits.perMember}个 Webhook`);
  try {
    await checkHost(input.url, deps.webhookAllowHosts);
  } catch (err) {
    if (err instanceof OutboundRefused) throw fieldError("validation", "url", err.message);
    throw err;
  }
  const secret = newWebhookSecret();
  const now = deps.now();
  const id = await insertWebhook(deps.db, {
    user_id: user.id,
    url: input.url,
    events: events.join(","),
    secret,
    site_wide: events.some(siteEvent) ? 1 : 0,
    created_at: now,
  });
  return { id, url: input.url, events, createdAt: now, last: null, secret };
}

export async function removeWebhook(deps: Deps, user: CurrentUserView, id: number): Promise<null> {
  if (!(await deleteWebhook(deps.db, user.id, id))) throw new ApiError("notFound", "Webhook 不存在");
  return null;
}

/** A test delivery (`ping`), queued as any other and shown in the log. */
export async function pingWebhook(deps: Deps, user: CurrentUserView, id: number): Promise<WebhookDeliveryView> {
  const hook = await findWebhook(deps.db, id);
  if (!hook || hook.user_id !== user.id) throw new ApiError("notFound", "Webhook 不存在");
  const wait = await deps.limiter.hit("webhookPing", String(user.id));
  if (wait) throw tooMany(wait, "测试投递太频繁");
  const now = deps.now();
  const deliveryId = await deps.db
    .transaction()
    .execute((trx) =>
      queueDelivery(deps, trx, id, { type: "ping", timestamp: new Date(now).toISOString(), data: { webhookId: id } }),
    );
  return {
    id: deliveryId,
    event: "ping",
    state: "queued",
    attempts: 0,
    status: 0,
    error: "",
    createdAt: now,
    doneAt: 0,
  };
}
