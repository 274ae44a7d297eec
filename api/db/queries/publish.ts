import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, WorkTable } from "../schema.ts";

export async function nodeExists(db: Kysely<DB>, id: number) {
  return !!(await db.selectFrom("nodes").select("id").where("id", "=", id).executeTakeFirst());
}

/** A node new works may go to: it exists and is not hidden. */
export async function nodeOpen(db: Kysely<DB>, id: number) {
  return !!(await db.selectFrom("nodes").select("id").where("id", "=", id).where("hidden", "=", 0).executeTakeFirst());
}

export async function insertWorkRow(db: Kysely<DB>, row: Insertable<WorkTable>): Promise<number> {
  return (await db.insertInto("works").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateWorkRow(db: Kysely<DB>, id: number, values: Updateable<WorkTable>) {
  await db.updateTable("works").set(values).where("id", "=", id).execute();
}

/**
 * Moves a work out of the status it was read in; false when it no longer has it (another request changed it
 * first), so what follows the change (counts, pay, notices) happens once.
 */
export async function moveWorkStatus(db: Kysely<DB>, id: number, from: number, values: Updateable<WorkTable>) {
  const res = await db
    .updateTable("works")
    .set(values)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Finds or creates each tag by its case-folded name; returns their ids in the given order. */
export async function ensureTags(db: Kysely<DB>, names: string[], at: number): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    await db
      .insertInto("tags")
      .values({ name, name_key: key, created_at: at })
      .onConflict((oc) => oc.column("name_key").doNothing())
      .execute();
    ids.push((await db.selectFrom("tags").select("id").where("name_key", "=", key).executeTakeFirstOrThrow()).id);
  }
  return ids;
}

export async function tagIdsOfWork(db: Kysely<DB>, workId: number): Promise<number[]> {
  return (await db.selectFrom("work_tags").select("tag_id").where("work_id", "=", workId).execute()).map(
    (r) => r.tag_id,
  );
}

export async function setWorkTags(db: Kysely<DB>, workId: number, tagIds: number[]) {
  await db.deleteFrom("work_tags").where("work_id", "=", workId).execute();
  if (tagIds.length)
    await db
      .insertInto("work_tags")
      .values(tagIds.map((tag_id) => ({ work_id: workId, tag_id })))
      .execute();
}

type Counted = "tags" | "nodes" | "users";
export async function adjustWorkCount(db: Kysely<DB>, table: Counted, ids: number[], delta: number) {
  if (!ids.length) return;
  await db
    .updateTable(table)
    .set((eb) => ({ work_count: eb("work_count", "+", delta) }))
    .where("id", "in", ids)
    .execute();
}

/** What may be done with a work and how its cover is cropped, as it stands: what an edit that leaves them out keeps. */
export function rightsOfWork(db: Kysely<DB>, id: number) {
  return db
    .selectFrom("works")
    .select(["license", "noai", "offer_original", "watermark", "watermark_opacity", "cover_x", "cover_y"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
