import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/** What a member's standing is read from (contract/charts/charts.ts hasStanding). */
export function standingFacts(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("users")
    .select(["created_at", "email_verified", "phone", "roles"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** The marks on a work that count (given by members with standing, outside a burst, still standing), by kind. */
export async function countedMarks(db: Kysely<DB>, workId: number) {
  const rows = await db
    .selectFrom("chart_votes")
    .select((eb) => ["kind", eb.fn.countAll<number>().as("n")])
    .where("work_id", "=", workId)
    .where("live", "=", 1)
    .where("counted", "=", 1)
    .groupBy("kind")
    .execute();
  const of = (kind: number) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { likes: of(1), favorites: of(2), comments: of(3) };
}

/** When the work went live (its ranking's clock) and who wrote it. */
export function scoringFacts(db: Kysely<DB>, workId: number) {
  return db.selectFrom("works").select(["created_at", "user_id"]).where("id", "=", workId).executeTakeFirst();
}
