import { sql, type Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Search tells a word from characters that merely sit side by side (issue 38): titles and names are no longer cut
 * into every dictionary word in them (英国画家 held 国画), the segmenter knows words of the arts (插画师), and on
 * PostgreSQL a pair of characters is a lexeme of its own (~国画) apart from the word. The documents are written by
 * today's code, so this only empties the index: the server that migrates fills it again before the site opens
 * (catchUpSearch), as after 0009.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`truncate work_search`.execute(db);
    return;
  }
  // Dropped and made again: deleting every row of a contentless table one by one would take minutes at a million.
  await sql`drop table work_search`.execute(db);
  await sql`create virtual table work_search using fts5(title, meta, body, chars, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
}
