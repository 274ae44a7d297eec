import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/** The notifications a member has by mail (api/services/inbox/notice-digest.ts). */
export function findMailChoices(db: Kysely<DB>, userId: number) {
  return db.selectFrom("mail_choices").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function saveMailChoices(
  db: Kysely<DB>,
  row: { user_id: number; kinds: string; unsubscribe_key: string; digest_at: number },
) {
  await db
    .insertInto("mail_choices")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ kinds: row.kinds }))
    .execute();
}

export async function dropMailChoices(db: Kysely<DB>, userId: number, key?: string): Promise<boolean> {
  let q = db.deleteFrom("mail_choices").where("user_id", "=", userId);
  if (key !== undefined) q = q.where("unsubscribe_key", "=", key);
  return (await q.executeTakeFirst()).numDeletedRows > 0n;
}

/** Members due a digest: they chose some kinds, have a verified address, and had none since `before`. */
export function dueDigests(db: Kysely<DB>, before: number, limit: number) {
  return db
    .selectFrom("mail_choices as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id", "u.email"])
    .where("m.digest_at", "<", before)
    .where("u.email_verified", "=", 1)
    .where("u.email", "is not", null)
    .orderBy("m.user_id")
    .limit(limit)
    .execute();
}

export async function markDigested(db: Kysely<DB>, userId: number, at: number) {
  await db.updateTable("mail_choices").set({ digest_at: at }).where("user_id", "=", userId).execute();
}

/** Unread notifications of these kinds since `since`, newest first, with who did it and the work's title. */
export function unreadSince(db: Kysely<DB>, userId: number, kinds: string[], since: number, limit: number) {
  return db
    .selectFrom("notifications as n")
    .leftJoin("users as u", "u.id", "n.actor_id")
    .leftJoin("works as w", "w.id", "n.work_id")
    .select(["n.kind", "n.created_at", "u.nickname", "w.title"])
    .where("n.user_id", "=", userId)
    .where("n.read_at", "=", 0)
    .where("n.kind", "in", kinds)
    .where("n.created_at", ">", since)
    .orderBy("n.created_at", "desc")
    .limit(limit)
    .execute();
}
