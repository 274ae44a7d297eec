import { sql, type Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * The search index (FTS5 / tsvector) and the column nicknames are searched by, made empty. What fills them is
 * derived from the works and names by the segmenter of the day, so it is not a migration's to freeze: a server
 * starting on a database whose index is empty beside live works fills it with today's code (catchUpSearch in
 * api/services/search-index.ts), as `npm run search:reindex` does.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`create table work_search (
      work_id integer primary key references works(id) on delete cascade,
      node_id integer, type integer not null, created_at bigint not null, doc tsvector not null)`.execute(db);
    await sql`create index work_search_doc on work_search using gin (doc)`.execute(db);
  } else {
    await sql`create virtual table work_search using fts5(title, meta, body, chars, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
    // Title, meta, body and chars weigh 10, 5, 1 and 0.5; the facets column counts for nothing in relevance.
    await sql`insert into work_search(work_search, rank) values ('rank', 'bm25(10, 5, 1, 0.5, 0)')`.execute(db);
  }
  await db.schema
    .alterTable("users")
    .addColumn("name_search", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
