import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/** Webhooks and their deliveries (contract/webhooks): addresses by their member, deliveries by their address. */

export async function insertWebhook(
  db: Kysely<DB>,
  row: { user_id: number; url: string; events: string; secret: string; site_wide: number; created_at: number },
) {
  return (await db.insertInto("webhooks").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export function listWebhooks(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("webhooks")
    .select(["id", "url", "events", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
}

export async function countWebhooks(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findWebhook(db: Kysely<DB>, id: number) {
  return db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteWebhook(db: Kysely<DB>, userId: number, id: number) {
  const done = await db.deleteFrom("webhooks").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

/**
 * The addresses an event goes to: the member's own that chose it, and every site-wide one that chose it. Events are
 * matched in code: a member has at most a handful of addresses, and the site a few.
 */
export function webhooksFor(db: Kysely<DB>, userId: number | null) {
  return db
    .selectFrom("webhooks")
    .select(["id", "events", "site_wide", "user_id"])
    .where((eb) =>
      userId === null ? eb("site_wide", "=", 1) : eb.or([eb("user_id", "=", userId), eb("site_wide", "=", 1)]),
    )
    .execute();
}

export async function insertDelivery(
  db: Kysely<DB>,
  row: { webhook_id: number; event: string; payload: string; created_at: number },
) {
  return (await db.insertInto("webhook_deliveries").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export function findDelivery(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhooks as w", "w.id", "d.webhook_id")
    .select(["d.id", "d.event", "d.payload", "d.state", "d.attempts", "w.url", "w.secret"])
    .where("d.id", "=", id)
    .executeTakeFirst();
}

export async function markDelivery(
  db: Kysely<DB>,
  id: number,
  v: { state: string; attempts: number; status: number; error: string; doneAt: number },
) {
  await db
    .updateTable("webhook_deliveries")
    .set({ state: v.state, attempts: v.attempts, status: v.status, error: v.error.slice(0, 300), done_at: v.doneAt })
    .where("id", "=", id)
    .execute();
}

/** A member's latest deliveries across their addresses, newest first. */
export function listDeliveries(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhooks as w", "w.id", "d.webhook_id")
    .select([
      "d.id",
      "d.webhook_id",
      "d.event",
      "d.state",
      "d.attempts",
      "d.status",
      "d.error",
      "d.created_at",
      "d.done_at",
    ])
    .where("w.user_id", "=", userId)
    .orderBy("d.id", "desc")
    .limit(limit)
    .execute();
}

/** Keeps each address's log to its newest `kept` deliveries. */
export async function trimDeliveries(db: Kysely<DB>, webhookId: number, kept: number) {
  const edge = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("webhook_id", "=", webhookId)
    .orderBy("id", "desc")
    .offset(kept)
    .limit(1)
    .executeTakeFirst();
  if (edge)
    await db.deleteFrom("webhook_deliveries").where("webhook_id", "=", webhookId).where("id", "<=", edge.id).execute();
}
