import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";

/** Scheduled works whose minute has come, the earliest first. */
export function dueScheduledWorks(db: Kysely<DB>, now: number, limit: number) {
  return db
    .selectFrom("works")
    .select(["id", "user_id", "node_id", "publish_at"])
    .where("status", "=", WorkStatus.scheduled)
    .where("publish_at", "<=", now)
    .orderBy("publish_at")
    .limit(limit)
    .execute();
}

/** One member's scheduled works, the soonest first. */
export function scheduledOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("works")
    .select(["id", "title", "content", "publish_at"])
    .where("user_id", "=", userId)
    .where("status", "=", WorkStatus.scheduled)
    .orderBy("publish_at")
    .execute();
}

/** Turns a scheduled work live, dated its minute; false when it was not scheduled any more (another process won). */
export async function goLiveAt(db: Kysely<DB>, id: number, at: number, score: number, now: number) {
  const res = await db
    .updateTable("works")
    .set({ status: WorkStatus.live, created_at: at, score, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", WorkStatus.scheduled)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
