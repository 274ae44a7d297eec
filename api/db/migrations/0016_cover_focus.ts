import type { Kysely } from "kysely";

/**
 * Where a card crops a work's cover (issue 36): percent from the left and from the top, the centre by default. Cards
 * share one shape so a grid's rows line up; the author picks what of the picture they show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("works")
    .addColumn("cover_x", "integer", (c) => c.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable("works")
    .addColumn("cover_y", "integer", (c) => c.notNull().defaultTo(50))
    .execute();
}
