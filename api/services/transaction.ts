import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Deps } from "./deps.ts";
import { queueWebhookCalls, type WebhookCall } from "./inbox/webhook-out.ts";
import { queuePushes, type PushCall } from "./inbox/push-out.ts";

/**
 * A write that may reach people's inboxes: the transaction, whose inbox it changed, and what webhooks are to be told.
 * Open pages are told only after the commit, so what they then read is there; webhooks' deliveries are queued in the
 * same transaction, so none is lost and none goes out for a write that did not happen; so are pushes to devices.
 */
export type Tx = { trx: Kysely<DB>; now: number; touched: Set<number>; webhooks: WebhookCall[]; pushes?: PushCall[] };

export async function transact<T>(deps: Deps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const touched = new Set<number>();
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const tx: Tx = { trx, now, touched, webhooks: [], pushes: [] };
    const value = await work(tx);
    if (tx.webhooks.length) await queueWebhookCalls(deps, trx, tx.webhooks);
    if (tx.pushes?.length) await queuePushes(deps, trx, tx.pushes);
    return value;
  });
  for (const userId of touched) deps.bus.publish(userId);
  return result;
}
