import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { JobTable } from "../schema-jobs.ts";

/** SQLite's job queue (api/jobs/sqlite-queue.ts). On PostgreSQL pg-boss keeps and asks its own tables. */

const waiting = ["created", "retry"] as const;

/** Queues a job, unless one with its name and key already waits or runs: then null. */
export async function insertJob(
  db: Kysely<DB>,
  row: Pick<JobTable, "name" | "data" | "singleton_key" | "retry_limit" | "start_after" | "created_at">,
): Promise<number | null> {
  const done = await db
    .insertInto("jobs")
    .values({ ...row, state: "created", retry_count: 0 })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return done?.id ?? null;
}

/** Whether any job of these names is due: a read, so an idle runner never takes the file's write lock. */
export async function anyDue(db: Kysely<DB>, names: string[], now: number): Promise<boolean> {
  const row = await db
    .selectFrom("jobs")
    .select("id")
    .where("state", "in", waiting)
    .where("start_after", "<=", now)
    .where("name", "in", names)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the next due job of these names for `owner` until `expireAt`; one statement, so two runners never share. */
export async function claimJob(db: Kysely<DB>, names: string[], owner: string, now: number, expireAt: number) {
  return db
    .updateTable("jobs")
    .set({ state: "active", owner, started_at: now, expire_at: expireAt })
    .where("id", "=", (eb) =>
      eb
        .selectFrom("jobs")
        .select("id")
        .where("state", "in", waiting)
        .where("start_after", "<=", now)
        .where("name", "in", names)
        .orderBy("start_after")
        .orderBy("id")
        .limit(1),
    )
    .where("state", "in", waiting)
    .returningAll()
    .executeTakeFirst();
}

export async function completeJob(db: Kysely<DB>, id: number, owner: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable("jobs")
    .set({ state: "completed", ended_at: now, expire_at: null })
    .where("id", "=", id)
    .where("owner", "=", owner)
    .where("state", "=", "active")
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A run that failed: tried again at `retryAt`, or failed for good when that is null. */
export async function failJob(
  db: Kysely<DB>,
  id: number,
  owner: string | null,
  o: { now: number; error: string; retryAt: number | null },
): Promise<void> {
  let q = db
    .updateTable("jobs")
    .set((eb) => ({
      state: o.retryAt === null ? "failed" : "retry",
      retry_count: eb("retry_count", "+", 1),
      start_after: o.retryAt ?? eb.ref("start_after"),
      error: o.error.slice(0, 2000),
      ended_at: o.retryAt === null ? o.now : null,
      expire_at: null,
    }))
    .where("id", "=", id)
    .where("state", "=", "active");
  if (owner !== null) q = q.where("owner", "=", owner);
  await q.execute();
}

/** Jobs running in a process that has died, or past their time: taken back for a retry or failed. */
export function activeJobs(db: Kysely<DB>) {
  return db
    .selectFrom("jobs")
    .select(["id", "name", "owner", "expire_at", "retry_count", "retry_limit"])
    .where("state", "=", "active")
    .execute();
}

export async function countJobs(db: Kysely<DB>) {
  return db
    .selectFrom("jobs")
    .select(["name", "state", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy(["name", "state"])
    .execute();
}

export function failedJobs(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("state", "=", "failed")
    .orderBy("ended_at", "desc")
    .limit(limit)
    .execute();
}

export function findJob(db: Kysely<DB>, id: number) {
  return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A failed job queued again, its tries counted afresh. */
export async function requeueJob(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable("jobs")
    .set({ state: "retry", retry_count: 0, start_after: now, ended_at: null, owner: null })
    .where("id", "=", id)
    .where("state", "in", ["failed", "cancelled"])
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function deleteJob(db: Kysely<DB>, id: number): Promise<boolean> {
  const r = await db.deleteFrom("jobs").where("id", "=", id).where("state", "!=", "active").executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** Completed jobs are kept a week, failed ones a month (what pg-boss keeps, near enough). */
export async function forgetOldJobs(db: Kysely<DB>, now: number) {
  await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "in", ["completed", "cancelled"]), eb("ended_at", "<", now - 7 * 86_400_000)]),
        eb.and([eb("state", "=", "failed"), eb("ended_at", "<", now - 30 * 86_400_000)]),
      ]),
    )
    .execute();
}

export function schedules(db: Kysely<DB>) {
  return db.selectFrom("job_schedules").selectAll().execute();
}

export async function setSchedule(db: Kysely<DB>, name: string, cron: string, nextAt: number) {
  await db
    .insertInto("job_schedules")
    .values({ name, cron, next_at: nextAt })
    .onConflict((oc) => oc.column("name").doUpdateSet({ cron, next_at: nextAt }))
    .execute();
}

export async function dropSchedule(db: Kysely<DB>, name: string) {
  await db.deleteFrom("job_schedules").where("name", "=", name).execute();
}

/** Moves a schedule on from the minute it fired; false when another process already did. */
export async function advanceSchedule(db: Kysely<DB>, name: string, from: number, to: number): Promise<boolean> {
  const r = await db
    .updateTable("job_schedules")
    .set({ next_at: to })
    .where("name", "=", name)
    .where("next_at", "=", from)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Records an effect as done; false when it was done before (by an earlier run of the same job). */
export async function markEffect(db: Kysely<DB>, key: string, now: number): Promise<boolean> {
  const r = await db
    .insertInto("job_effects")
    .values({ key, done_at: now })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function forgetOldEffects(db: Kysely<DB>, before: number) {
  await db.deleteFrom("job_effects").where("done_at", "<", before).execute();
}
