import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Deps } from "./deps.ts";

/**
 * A write that may reach people's inboxes: the transaction, and whose inbox it changed. Open pages are told only
 * after the commit, so what they then read is there.
 */
export type Tx = { trx: Kysely<DB>; now: number; touched: Set<number> };

export async function transact<T>(deps: Deps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const touched = new Set<number>();
  const now = deps.now();
  const result = await deps.db.transaction().execute((trx) => work({ trx, now, touched }));
  for (const userId of touched) deps.bus.publish(userId);
  return result;
}
