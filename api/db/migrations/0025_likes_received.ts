import { sql, type Kysely } from "kysely";

/**
 * The likes a person's live works have received, kept on the person (issue 39): the author card of every work page
 * summed the like counts of all the author's works on every page, more each time they published. Filled here from the works as they stand; the likes, and the works crossing the live line, move it
 * from now on. 0 is a live work (contract/shared/kinds.ts; a migration keeps its own copy of what it relies on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("like_received_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set like_received_count = (
    select coalesce(sum(works.like_count), 0) from works where works.user_id = users.id and works.status = 0)`.execute(
    db,
  );
}
