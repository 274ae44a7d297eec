import type { Kysely } from "kysely";
import type { DB, TasteTable } from "../schema.ts";

export type TasteEntry = Pick<TasteTable, "target" | "target_id" | "weight">;

/** The nodes and tags a person loves (weight 1) and mutes (weight -1). */
export function tasteOf(db: Kysely<DB>, userId: number): Promise<TasteEntry[]> {
  return db.selectFrom("tastes").select(["target", "target_id", "weight"]).where("user_id", "=", userId).execute();
}

/** Replaces a person's whole taste (call inside a transaction). */
export async function replaceTaste(db: Kysely<DB>, userId: number, entries: TasteEntry[], at: number) {
  await db.deleteFrom("tastes").where("user_id", "=", userId).execute();
  if (entries.length)
    await db
      .insertInto("tastes")
      .values(entries.map((e) => ({ ...e, user_id: userId, created_at: at })))
      .execute();
}
