import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { findDelivery, insertDelivery, markDelivery, trimDeliveries, webhooksFor } from "../../db/queries/webhooks.ts";
import { OutboundRefused, postGuarded } from "../../lib/safe-outbound.ts";
import { webhookHeaders } from "../../lib/webhook-signature.ts";
import { siteEvent, webhookLimits, type WebhookEvent, type WebhookPayload } from "../../../contract/webhooks/events.ts";
import { describeError } from "../../../contract/shared/log.ts";
import type { Deps } from "../deps.ts";

/** An event to tell: whose it is (a member's event goes to their own addresses; a site event to the owner's). */
export type WebhookCall = { event: WebhookEvent; userId: number; data: Record<string, unknown> };

/** A work gone out (published now, its minute come, or let through by an admin): its author's and the owner's news. */
export function publishedCalls(siteUrl: string, work: { id: number; user_id: number }): WebhookCall[] {
  const data = { workId: work.id, authorId: work.user_id, url: `${siteUrl}/art/${work.id}` };
  return [
    { event: "work.published", userId: work.user_id, data },
    { event: "site.work.published", userId: work.user_id, data },
  ];
}

/**
 * Queues one delivery (a row of the log and a job) for every address that chose the event, in the caller's
 * transaction. The body is made once here: every try sends the same bytes, signed afresh.
 */
export async function queueWebhookCalls(deps: Deps, trx: Kysely<DB>, calls: WebhookCall[]): Promise<void> {
  const now = deps.now();
  for (const call of calls) {
    const site = siteEvent(call.event);
    for (const hook of await webhooksFor(trx, site ? null : call.userId)) {
      if (!hook.events.split(",").includes(call.event)) continue;
      if (!site && hook.user_id !== call.userId) continue;
      const payload: WebhookPayload = { type: call.event, timestamp: new Date(now).toISOString(), data: call.data };
      await queueDelivery(deps, trx, hook.id, payload);
    }
  }
}

export async function queueDelivery(deps: Deps, trx: Kysely<DB>, webhookId: number, payload: WebhookPayload) {
  const deliveryId = await insertDelivery(trx, {
    webhook_id: webhookId,
    event: payload.type,
    payload: JSON.stringify(payload),
    created_at: deps.now(),
  });
  await deps.jobs.send("webhooks.deliver", { deliveryId }, { in: trx });
  await trimDeliveries(trx, webhookId, webhookLimits.logKept);
  return deliveryId;
}

/** Tells webhooks of what a write outside a transaction did (a sign-up, a report), in a transaction of its own. */
export async function tellWebhooks(deps: Deps, calls: WebhookCall[]): Promise<void> {
  await deps.db.transaction().execute((trx) => queueWebhookCalls(deps, trx, calls));
}

/**
 * The job `webhooks.deliver`: one try at one delivery. A 2xx is delivered; anything else is tried again, waiting
 * longer each time, up to `webhookLimits.tries`; an address the site may not reach fails at once and is not retried.
 */
export async function deliverWebhook(deps: Deps, deliveryId: number): Promise<void> {
  const d = await findDelivery(deps.db, deliveryId);
  if (!d || d.state === "sent" || d.state === "failed") return;
  const attempts = d.attempts + 1;
  const last = attempts >= webhookLimits.tries;
  const mark = (state: string, status: number, error: string) =>
    markDelivery(deps.db, d.id, { state, attempts, status, error, doneAt: deps.now() });
  let outcome: { status: number } | Error;
  try {
    const stamp = Math.floor(deps.now() / 1000);
    outcome = await postGuarded(d.url, d.payload, webhookHeaders(d.secret, `msg_${d.id}`, stamp, d.payload), {
      allowHosts: deps.webhookAllowHosts,
      timeoutMs: webhookLimits.timeoutMs,
      answerBytes: webhookLimits.answerBytes,
    });
  } catch (err) {
    outcome = err instanceof Error ? err : new Error(String(err));
  }
  if (outcome instanceof OutboundRefused) return mark("failed", 0, outcome.message);
  if (!(outcome instanceof Error) && outcome.status >= 200 && outcome.status < 300)
    return mark("sent", outcome.status, "");
  const status = outcome instanceof Error ? 0 : outcome.status;
  const error = outcome instanceof Error ? describeError(outcome).message : `对方回应 HTTP ${status}`;
  await mark(last ? "failed" : "retrying", status, error);
  if (!last) throw new Error(`webhook delivery ${d.id}: ${error}`);
}
