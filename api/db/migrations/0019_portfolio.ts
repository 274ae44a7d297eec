import type { Kysely } from "kysely";

/**
 * A profile as a portfolio (issue 36): city, occupation, commissions ("" unsaid, "open", "closed") with a note, links
 * elsewhere (JSON by platform) and the works pinned on top (JSON list of ids, at most six).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, fallback] of [
    ["city", ""],
    ["occupation", ""],
    ["commission", ""],
    ["commission_note", ""],
    ["links", "{}"],
    ["pinned", "[]"],
  ])
    await db.schema
      .alterTable("users")
      .addColumn(name, "text", (c) => c.notNull().defaultTo(fallback))
      .execute();
}
