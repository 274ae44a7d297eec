import { sql, type Kysely } from "kysely";

/**
 * What the fourth review asked for (issue 53): the site's AI questions of a day, counted once for the whole site so
 * the owner's daily cap holds however many members ask; and a repost's source on this site, so a repost follows its
 * source's choice about AI even after the source's author changes it; and whether a picture's work is watermarked,
 * so only its marked display sizes are served, by any address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ai_site_usage")
    // The China Standard Time day (api/lib/china-time.ts chinaDay).
    .addColumn("day", "integer", (c) => c.primaryKey())
    .addColumn("questions", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("works")
    .addColumn("source_work_id", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("uploads")
    .addColumn("watermarked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Pictures of works marked before now: their unmarked sizes were served; from now on they are not.
  await sql`update uploads set watermarked = 1, withheld = 1 where marked <> '[]' and exists (
    select 1 from works where works.watermark <> '' and works.images like '%' || uploads.url || '%')`.execute(db);
}
