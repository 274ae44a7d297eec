import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { MailLogTable } from "../schema-jobs.ts";

/** The mail log: one row a mail, to whom, what kind and how it went; never its text or its link. */
export async function insertMail(
  db: Kysely<DB>,
  row: Pick<MailLogTable, "kind" | "to_address" | "user_id" | "created_at">,
): Promise<number> {
  const { id } = await db
    .insertInto("mail_log")
    .values({ ...row, state: "queued", sent_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export function findMail(db: Kysely<DB>, id: number) {
  return db.selectFrom("mail_log").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A try ended: sent, waiting to be tried again, or failed for good. */
export async function markMail(
  db: Kysely<DB>,
  id: number,
  o: { state: "sent" | "retrying" | "failed"; error: string; now: number },
) {
  await db
    .updateTable("mail_log")
    .set((eb) => ({
      state: o.state,
      error: o.error.slice(0, 500),
      attempts: eb("attempts", "+", 1),
      sent_at: o.state === "sent" ? o.now : null,
    }))
    .where("id", "=", id)
    .execute();
}

export function newestMail(db: Kysely<DB>, limit: number) {
  return db.selectFrom("mail_log").selectAll().orderBy("id", "desc").limit(limit).execute();
}

/** Mail older than `before` leaves the log (a month is plenty to answer "did it go?"). */
export async function forgetOldMail(db: Kysely<DB>, before: number) {
  await db.deleteFrom("mail_log").where("created_at", "<", before).execute();
}
