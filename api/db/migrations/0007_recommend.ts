import type { Kysely } from "kysely";

/** A work an admin recommends (编辑推荐): when, or 0. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("works")
    .addColumn("recommended_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}
