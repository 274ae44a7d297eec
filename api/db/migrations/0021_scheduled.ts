import type { Kysely } from "kysely";

/** 定时发布 (issue 36): when a scheduled work goes out; every process looks for the due ones by this index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("works")
    .addColumn("publish_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("works_scheduled").on("works").columns(["status", "publish_at"]).execute();
}
