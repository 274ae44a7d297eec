import type { Kysely } from "kysely";

/**
 * Watermarks (issue 35): a work's corner ("" for none) and opacity; on each upload, the watermarked display files
 * made from it (JSON addresses), so the sweeper that removes an unused upload removes them too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("works")
    .addColumn("watermark", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("works")
    .addColumn("watermark_opacity", "integer", (c) => c.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable("uploads")
    .addColumn("marked", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}
