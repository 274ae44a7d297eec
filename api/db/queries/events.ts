import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { DB } from "../schema.ts";
import type { EventTable } from "../schema-curation.ts";
import { cardQuery } from "./works.ts";
import { prepared } from "../prepared.ts";

const columns = [
  "e.id",
  "e.title",
  "e.rules",
  "e.tag_id",
  "t.name as tag_name",
  "e.cover",
  "e.starts_at",
  "e.ends_at",
  "e.entry_count",
  "e.announced_at",
] as const;

const withTag = (db: Kysely<DB>) => db.selectFrom("events as e").innerJoin("tags as t", "t.id", "e.tag_id");

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/**
 * Holds the event's row until the transaction ends (PostgreSQL's row lock; SQLite has one writer anyway), so a member's
 * entries are counted, and their vote read, as they stand: two posts at once cannot both take the last entry or both
 * cast a first vote.
 */
export async function lockEvent(db: Kysely<DB>, id: number) {
  await db
    .updateTable("events")
    .set((eb) => ({ entry_count: eb.ref("entry_count") }))
    .where("id", "=", id)
    .execute();
}

export function findEvent(db: Kysely<DB>, id: number) {
  return withTag(db).select(columns).where("e.id", "=", id).executeTakeFirst();
}

/** Every event, those ending last first (an admin keeps a few a month: no paging needed). */
export function listEvents(db: Kysely<DB>, limit: number) {
  return withTag(db).select(columns).orderBy("e.ends_at", "desc").orderBy("e.id", "desc").limit(limit).execute();
}

/** The events taking entries now that use one of these tags. */
export function openEventsTagged(db: Kysely<DB>, tagIds: number[], now: number) {
  if (!tagIds.length) return Promise.resolve([]);
  return db
    .selectFrom("events")
    .select(["id", "tag_id"])
    .where("tag_id", "in", tagIds)
    .where("starts_at", "<=", now)
    .where("ends_at", ">", now)
    .execute();
}

export async function insertEvent(
  db: Kysely<DB>,
  row: Omit<Insertable<EventTable>, "id" | "entry_count" | "announced_at" | "updated_at">,
) {
  return (
    await db
      .insertInto("events")
      .values({ ...row, updated_at: row.created_at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateEvent(db: Kysely<DB>, id: number, values: Updateable<EventTable>) {
  await db.updateTable("events").set(values).where("id", "=", id).execute();
}

/** An event's live entries as cards with their votes; `byPlace` once winners are told. */
export function eventEntries(db: Kysely<DB>, eventId: number, limit: number) {
  return cardQuery(db)
    .innerJoin("event_entries as ee", "ee.work_id", "w.id")
    .select(["ee.votes", "ee.counted_votes", "ee.place", "ee.user_id as entrant_id"])
    .where("ee.event_id", "=", eventId)
    .orderBy(sql`case when ee.place = 0 then 99 else ee.place end`)
    .orderBy("ee.counted_votes", "desc")
    .orderBy("ee.votes", "desc")
    .orderBy("ee.created_at")
    .limit(limit)
    .execute();
}

export function findEntry(db: Kysely<DB>, eventId: number, workId: number) {
  return db
    .selectFrom("event_entries")
    .select(["work_id", "user_id"])
    .where("event_id", "=", eventId)
    .where("work_id", "=", workId)
    .executeTakeFirst();
}

export async function entriesBy(db: Kysely<DB>, eventId: number, userId: number) {
  return (
    await db
      .selectFrom("event_entries")
      .select("work_id")
      .where("event_id", "=", eventId)
      .where("user_id", "=", userId)
      .execute()
  ).map((r) => r.work_id);
}

/** True when it was entered now (not before). */
export async function addEntry(
  db: Kysely<DB>,
  row: { event_id: number; work_id: number; user_id: number; at: number },
) {
  const r = await db
    .insertInto("event_entries")
    .values({ event_id: row.event_id, work_id: row.work_id, user_id: row.user_id, created_at: row.at })
    .onConflict((oc) => oc.columns(["event_id", "work_id"]).doNothing())
    .executeTakeFirst();
  const added = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await countEntries(db, row.event_id, 1);
  return added;
}

export async function removeEntry(db: Kysely<DB>, eventId: number, workId: number) {
  const r = await db
    .deleteFrom("event_entries")
    .where("event_id", "=", eventId)
    .where("work_id", "=", workId)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) > 0) {
    await countEntries(db, eventId, -1);
    // Votes for it are gone with it: those members may vote again.
    await db.deleteFrom("event_votes").where("event_id", "=", eventId).where("work_id", "=", workId).execute();
  }
}

async function countEntries(db: Kysely<DB>, eventId: number, delta: 1 | -1) {
  await db
    .updateTable("events")
    .set((eb) => ({ entry_count: eb("entry_count", "+", delta) }))
    .where("id", "=", eventId)
    .execute();
}

export async function entryCount(db: Kysely<DB>, eventId: number) {
  const row = await db.selectFrom("events").select("entry_count").where("id", "=", eventId).executeTakeFirst();
  return row?.entry_count ?? 0;
}

export function findVote(db: Kysely<DB>, eventId: number, userId: number) {
  return db
    .selectFrom("event_votes")
    .select(["work_id", "counted"])
    .where("event_id", "=", eventId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Moves a member's one vote to `workId` (or casts it), keeping both entries' tallies with it. */
export async function castVote(
  db: Kysely<DB>,
  v: { eventId: number; userId: number; workId: number; counted: 0 | 1; at: number },
  before: { work_id: number; counted: number } | undefined,
) {
  if (before) {
    await tally(db, v.eventId, before.work_id, -1, before.counted);
    await db
      .updateTable("event_votes")
      .set({ work_id: v.workId, counted: v.counted, created_at: v.at })
      .where("event_id", "=", v.eventId)
      .where("user_id", "=", v.userId)
      .execute();
  } else
    await db
      .insertInto("event_votes")
      .values({ event_id: v.eventId, user_id: v.userId, work_id: v.workId, counted: v.counted, created_at: v.at })
      .execute();
  await tally(db, v.eventId, v.workId, 1, v.counted);
}

async function tally(db: Kysely<DB>, eventId: number, workId: number, delta: 1 | -1, counted: number) {
  await db
    .updateTable("event_entries")
    .set((eb) => ({
      votes: eb("votes", "+", delta),
      counted_votes: eb("counted_votes", "+", counted ? delta : 0),
    }))
    .where("event_id", "=", eventId)
    .where("work_id", "=", workId)
    .execute();
}

export async function setPlaces(db: Kysely<DB>, eventId: number, places: number[]) {
  await db.updateTable("event_entries").set({ place: 0 }).where("event_id", "=", eventId).execute();
  for (const [i, workId] of places.entries())
    await db
      .updateTable("event_entries")
      .set({ place: i + 1 })
      .where("event_id", "=", eventId)
      .where("work_id", "=", workId)
      .execute();
}

/** The events a work won a place in, for its page: asked on every work page, so prepared once. */
const placesById = prepared((db, v: { workId: number }) =>
  db
    .selectFrom("event_entries as ee")
    .innerJoin("events as e", "e.id", "ee.event_id")
    .select(["e.id", "e.title", "ee.place"])
    .where("ee.work_id", "=", v.workId)
    .where("ee.place", ">", 0)
    .where("e.announced_at", ">", 0),
);

export function placesOfWork(db: Kysely<DB>, workId: number) {
  return placesById(db, { workId });
}
