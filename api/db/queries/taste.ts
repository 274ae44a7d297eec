import type { Kysely } from "kysely";
import type { DB, TasteTable } from "../schema.ts";
import { prepared } from "../prepared.ts";

export type TasteEntry = Pick<TasteTable, "target" | "target_id" | "weight">;

const tasteById = prepared((db, v: { userId: number }) =>
  db.selectFrom("tastes").select(["target", "target_id", "weight"]).where("user_id", "=", v.userId),
);

/** The nodes and tags a person loves (weight 1) and mutes (weight -1). */
export function tasteOf(db: Kysely<DB>, userId: number): Promise<TasteEntry[]> {
  return tasteById(db, { userId });
}

/** Whether a person leaves works labelled AI 生成 out of their lists. */
export async function hidesAi(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("hide_ai").where("id", "=", userId).executeTakeFirst();
  return row?.hide_ai === 1;
}

export async function setHidesAi(db: Kysely<DB>, userId: number, hide: boolean) {
  await db
    .updateTable("users")
    .set({ hide_ai: hide ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
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

/** Which of these ids are real nodes (or tags): a taste names only what exists. */
export async function existingIds(db: Kysely<DB>, table: "nodes" | "tags", ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom(table).select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The tags of these works, for rules that look at a page's worth of works at once. */
export async function tagsOfWorks(db: Kysely<DB>, workIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!workIds.length) return out;
  const rows = await db.selectFrom("work_tags").select(["work_id", "tag_id"]).where("work_id", "in", workIds).execute();
  for (const r of rows) out.set(r.work_id, [...(out.get(r.work_id) ?? []), r.tag_id]);
  return out;
}

/** Names of tags by id. */
export function tagNames(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("tags").select(["id", "name"]).where("id", "in", ids).execute();
}
