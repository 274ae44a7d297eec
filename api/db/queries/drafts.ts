import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

const summary = ["id", "work_id", "type", "label", "updated_at"] as const;

export function listDraftRows(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("drafts")
    .select(summary)
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The member's own draft, or none: nobody else's is found. */
export function findDraftRow(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom("drafts")
    .select([...summary, "body"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function draftOfWork(db: Kysely<DB>, userId: number, workId: number) {
  return db
    .selectFrom("drafts")
    .select("id")
    .where("user_id", "=", userId)
    .where("work_id", "=", workId)
    .executeTakeFirst();
}

export async function countDrafts(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom("drafts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDraft(
  db: Kysely<DB>,
  row: { user_id: number; work_id: number; type: number; label: string; body: string; at: number },
) {
  const { at, ...rest } = row;
  return (
    await db
      .insertInto("drafts")
      .values({ ...rest, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

/** True when the member's draft was there to update. */
export async function updateDraft(
  db: Kysely<DB>,
  userId: number,
  id: number,
  row: { type: number; label: string; body: string; at: number },
) {
  const res = await db
    .updateTable("drafts")
    .set({ type: row.type, label: row.label, body: row.body, updated_at: row.at })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteDraftRow(db: Kysely<DB>, userId: number, id: number) {
  const res = await db.deleteFrom("drafts").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
