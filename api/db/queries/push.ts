import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/** Web push's rows (api/services/inbox/push.ts): a member's devices and the kinds they chose. */

export async function findPushKinds(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db.selectFrom("push_choices").select("kinds").where("user_id", "=", userId).executeTakeFirst();
  return row?.kinds ?? "";
}

export async function savePushKinds(db: Kysely<DB>, userId: number, kinds: string) {
  await db
    .insertInto("push_choices")
    .values({ user_id: userId, kinds })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ kinds }))
    .execute();
}

export function listPushDevices(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("push_devices")
    .select(["id", "label", "created_at", "last_sent_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
}

export function findPushDevice(db: Kysely<DB>, id: number) {
  return db.selectFrom("push_devices").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findPushDeviceAt(db: Kysely<DB>, endpoint: string) {
  return db.selectFrom("push_devices").selectAll().where("endpoint", "=", endpoint).executeTakeFirst();
}

/** A browser's subscription, now this member's: one browser belongs to whoever added it last. */
export async function putPushDevice(
  db: Kysely<DB>,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string; label: string; created_at: number },
): Promise<number> {
  const { user_id, p256dh, auth, label, created_at } = row;
  const saved = await db
    .insertInto("push_devices")
    .values(row)
    .onConflict((oc) => oc.column("endpoint").doUpdateSet({ user_id, p256dh, auth, label, created_at }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** Keeps a member's `keep` newest devices (by their last push, else when added), dropping the others. */
export async function trimPushDevices(db: Kysely<DB>, userId: number, keep: number) {
  const old = await db
    .selectFrom("push_devices")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("last_sent_at", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length)
    await db
      .deleteFrom("push_devices")
      .where(
        "id",
        "in",
        old.map((d) => d.id),
      )
      .execute();
}

export async function deletePushDevice(
  db: Kysely<DB>,
  where: { id: number; userId?: number } | { userId: number; endpoint: string },
) {
  let q = db.deleteFrom("push_devices");
  if ("id" in where) q = q.where("id", "=", where.id);
  else q = q.where("endpoint", "=", where.endpoint);
  if (where.userId !== undefined) q = q.where("user_id", "=", where.userId);
  return (await q.executeTakeFirst()).numDeletedRows > 0n;
}

/** The devices of a member who chose pushes of `kind`. */
export async function devicesTaking(db: Kysely<DB>, userId: number, kind: string): Promise<number[]> {
  const rows = await db
    .selectFrom("push_choices as c")
    .innerJoin("push_devices as d", "d.user_id", "c.user_id")
    .select(["d.id", "c.kinds"])
    .where("c.user_id", "=", userId)
    .execute();
  return rows.filter((r) => r.kinds.split(",").includes(kind)).map((r) => r.id);
}

export async function markPushSent(db: Kysely<DB>, id: number, at: number) {
  await db.updateTable("push_devices").set({ last_sent_at: at }).where("id", "=", id).execute();
}

/** A private message as a push words it: who sent it and what it says, unless it was read meanwhile. */
export function messageForPush(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("private_messages as m")
    .innerJoin("users as u", "u.id", "m.sender_id")
    .select(["m.recipient_id", "m.sender_id", "m.content", "m.read_at", "u.nickname"])
    .where("m.id", "=", id)
    .executeTakeFirst();
}
