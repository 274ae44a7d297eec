import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export async function insertCaptcha(db: Kysely<DB>, row: { id: string; code: string; expires_at: number }) {
  await db.insertInto("captchas").values(row).execute();
}

export function findCaptcha(db: Kysely<DB>, id: string, now: number) {
  return db.selectFrom("captchas").selectAll().where("id", "=", id).where("expires_at", ">", now).executeTakeFirst();
}

/** Removes and returns a captcha in one statement, so each can be answered once even across processes. */
export function takeCaptcha(db: Kysely<DB>, id: string) {
  return db.deleteFrom("captchas").where("id", "=", id).returningAll().executeTakeFirst();
}

export async function purgeExpiredCaptchas(db: Kysely<DB>, now: number) {
  await db.deleteFrom("captchas").where("expires_at", "<=", now).execute();
}
