import type { Insertable, Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { CommissionTable } from "../schema-commissions.ts";
import { newestFirst, type After } from "./keyset.ts";

const withParties = (db: Kysely<DB>) =>
  db
    .selectFrom("commissions as c")
    .innerJoin("users as cl", "cl.id", "c.client_id")
    .innerJoin("users as cr", "cr.id", "c.creator_id")
    .select([
      "c.id",
      "c.client_id",
      "c.creator_id",
      "c.title",
      "c.brief",
      "c.budget",
      "c.deadline",
      "c.refs",
      "c.state",
      "c.created_at",
      "c.updated_at",
      "cl.nickname as client_nickname",
      "cl.username as client_username",
      "cl.avatar as client_avatar",
      "cl.small_avatar as client_small_avatar",
      "cr.nickname as creator_nickname",
      "cr.username as creator_username",
      "cr.avatar as creator_avatar",
      "cr.small_avatar as creator_small_avatar",
    ]);

export type CommissionRow = NonNullable<Awaited<ReturnType<typeof findCommission>>>;

export function findCommission(db: Kysely<DB>, id: number) {
  return withParties(db).where("c.id", "=", id).executeTakeFirst();
}

/** A member's commissions as creator (received) or client (sent), the latest changed first. */
export function listCommissions(
  db: Kysely<DB>,
  q: { userId: number; role: "received" | "sent"; after?: After; limit: number },
) {
  return newestFirst(withParties(db).where(q.role === "received" ? "c.creator_id" : "c.client_id", "=", q.userId), {
    key: "c.updated_at",
    id: "c.id",
    after: q.after,
    limit: q.limit,
  }).execute();
}

/** How many of a client's requests still wait for their creator's answer. */
export async function waitingOf(db: Kysely<DB>, clientId: number) {
  const row = await db
    .selectFrom("commissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client_id", "=", clientId)
    .where("state", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many requests a client started since a moment (the start of the China day), in any state. */
export async function startedSince(db: Kysely<DB>, clientId: number, since: number) {
  const row = await db
    .selectFrom("commissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client_id", "=", clientId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCommission(db: Kysely<DB>, row: Insertable<CommissionTable>) {
  return (await db.insertInto("commissions").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

/** Moves it from `from` to `to`; false when another post moved it first (the step is then not taken twice). */
export async function moveCommission(db: Kysely<DB>, id: number, from: string, to: string, at: number) {
  const r = await db
    .updateTable("commissions")
    .set({ state: to, updated_at: at })
    .where("id", "=", id)
    .where("state", "=", from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function touchCommission(db: Kysely<DB>, id: number, at: number) {
  await db.updateTable("commissions").set({ updated_at: at }).where("id", "=", id).execute();
}

export async function insertCommissionMessage(
  db: Kysely<DB>,
  row: { commission_id: number; user_id: number; content: string; created_at: number },
) {
  return (await db.insertInto("commission_messages").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export function commissionMessages(db: Kysely<DB>, id: number, limit: number) {
  return db
    .selectFrom("commission_messages")
    .select(["id", "user_id", "content", "created_at"])
    .where("commission_id", "=", id)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The delivered pictures, in their order, with what serving them needs. */
export function commissionFiles(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("commission_files as f")
    .innerJoin("uploads as up", "up.id", "f.upload_id")
    .select(["f.position", "up.url", "up.variants", "up.width", "up.height"])
    .where("f.commission_id", "=", id)
    .orderBy("f.position")
    .execute();
}

/** The creator's own pictures by address, that nothing else holds: what a delivery may name. */
export function ownImageUploads(db: Kysely<DB>, userId: number, urls: string[]) {
  if (!urls.length) return Promise.resolve([]);
  return db
    .selectFrom("uploads")
    .select(["id", "url"])
    .where("user_id", "=", userId)
    .where("kind", "=", "image")
    .where("url", "in", urls)
    .execute();
}

/** Replaces the delivered pictures (a second delivery after 需要修改 shows the new ones) and keeps them private. */
export async function setCommissionFiles(db: Kysely<DB>, id: number, uploadIds: number[], at: number) {
  await db.deleteFrom("commission_files").where("commission_id", "=", id).execute();
  if (!uploadIds.length) return;
  await db
    .insertInto("commission_files")
    .values(uploadIds.map((upload_id, position) => ({ commission_id: id, upload_id, position, created_at: at })))
    .execute();
  await db.updateTable("uploads").set({ private: 1 }).where("id", "in", uploadIds).execute();
}
