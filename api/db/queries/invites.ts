import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export async function insertInvites(db: Kysely<DB>, codes: string[], by: number, at: number) {
  await db
    .insertInto("invites")
    .values(codes.map((code) => ({ code, created_by: by, created_at: at })))
    .execute();
}

/** Spends a code for this account; false when it is unknown or already spent. */
export async function spendInvite(db: Kysely<DB>, code: string, userId: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable("invites")
    .set({ used_by: userId, used_at: at })
    .where("code", "=", code)
    .where("used_by", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function listInvites(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom("invites as i")
    .leftJoin("users as u", "u.id", "i.used_by")
    .select([
      "i.code",
      "i.created_at",
      "i.used_at",
      "i.used_by",
      "u.username",
      "u.nickname",
      "u.avatar",
      "u.small_avatar",
    ])
    .orderBy("i.created_at", "desc")
    .orderBy("i.code")
    .limit(limit)
    .execute();
}
