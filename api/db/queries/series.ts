import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { cardQuery } from "./works.ts";
import { prepared } from "../prepared.ts";

const columns = ["id", "user_id", "title", "description", "work_count", "updated_at"] as const;

export function seriesOfUser(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("series")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function findSeries(db: Kysely<DB>, id: number) {
  return db.selectFrom("series").select(columns).where("id", "=", id).executeTakeFirst();
}

export async function countSeries(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom("series")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSeries(
  db: Kysely<DB>,
  row: { user_id: number; title: string; description: string; at: number },
) {
  const { at, ...rest } = row;
  return (
    await db
      .insertInto("series")
      .values({ ...rest, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateSeries(
  db: Kysely<DB>,
  id: number,
  values: { title?: string; description?: string; updated_at: number },
) {
  await db.updateTable("series").set(values).where("id", "=", id).execute();
}

export async function deleteSeries(db: Kysely<DB>, id: number) {
  await db.deleteFrom("series_works").where("series_id", "=", id).execute();
  await db.deleteFrom("series").where("id", "=", id).execute();
}

/** A series' live works as cards, in its order. */
export function seriesCards(db: Kysely<DB>, seriesId: number, limit: number) {
  return cardQuery(db)
    .innerJoin("series_works as sw", "sw.work_id", "w.id")
    .where("sw.series_id", "=", seriesId)
    .orderBy("sw.position")
    .limit(limit)
    .execute();
}

/** The first live work with a cover in each series, as a card row: what a list of series shows. */
export async function seriesCovers(db: Kysely<DB>, seriesIds: number[]) {
  return Promise.all(
    seriesIds.map((id) =>
      cardQuery(db)
        .innerJoin("series_works as sw", "sw.work_id", "w.id")
        .where("sw.series_id", "=", id)
        .where("w.cover", "!=", "")
        .orderBy("sw.position")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
}

/** The entries of a series in order, titles included (for moving, and for a work's neighbours). */
export function seriesEntries(db: Kysely<DB>, seriesId: number) {
  return db
    .selectFrom("series_works as sw")
    .innerJoin("works as w", "w.id", "sw.work_id")
    .select(["sw.work_id", "sw.position", "w.title", "w.content", "w.status"])
    .where("sw.series_id", "=", seriesId)
    .orderBy("sw.position")
    .execute();
}

/** The series a work is in, with their titles and counts. */
/** The series holding a work: asked by every work page, so built once (prepared.ts). */
const seriesHolding = prepared((db, v: { workId: number }) =>
  db
    .selectFrom("series_works as sw")
    .innerJoin("series as s", "s.id", "sw.series_id")
    .select(["s.id", "s.title", "s.work_count"])
    .where("sw.work_id", "=", v.workId)
    .orderBy("s.id"),
);

export const seriesOfWork = (db: Kysely<DB>, workId: number) => seriesHolding(db, { workId });

export async function addEntry(db: Kysely<DB>, seriesId: number, workId: number, at: number) {
  const last = await db
    .selectFrom("series_works")
    .select((eb) => eb.fn.max("position").as("p"))
    .where("series_id", "=", seriesId)
    .executeTakeFirst();
  const inserted = await db
    .insertInto("series_works")
    .values({ series_id: seriesId, work_id: workId, position: Number(last?.p ?? 0) + 1 })
    .onConflict((oc) => oc.columns(["series_id", "work_id"]).doNothing())
    .executeTakeFirst();
  if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return false;
  await db
    .updateTable("series")
    .set((eb) => ({ work_count: eb("work_count", "+", 1), updated_at: at }))
    .where("id", "=", seriesId)
    .execute();
  return true;
}

export async function takeEntry(db: Kysely<DB>, seriesId: number, workId: number, at: number) {
  const res = await db
    .deleteFrom("series_works")
    .where("series_id", "=", seriesId)
    .where("work_id", "=", workId)
    .executeTakeFirst();
  if (!Number(res.numDeletedRows)) return false;
  await db
    .updateTable("series")
    .set((eb) => ({ work_count: eb("work_count", "-", 1), updated_at: at }))
    .where("id", "=", seriesId)
    .execute();
  return true;
}

export async function setPosition(db: Kysely<DB>, seriesId: number, workId: number, position: number) {
  await db
    .updateTable("series_works")
    .set({ position })
    .where("series_id", "=", seriesId)
    .where("work_id", "=", workId)
    .execute();
}

/** A deleted work leaves every series it was in. */
export async function takeWorkFromAllSeries(db: Kysely<DB>, workId: number, at: number) {
  for (const s of await seriesOfWork(db, workId)) await takeEntry(db, s.id, workId, at);
}
