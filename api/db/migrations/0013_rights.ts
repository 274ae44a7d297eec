import { sql, type Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Rights on every work (issue 35): its licence, a repost's source, the AI label (the author's word, and the floor an
 * uploaded picture's metadata sets), whether it may go to an AI, and whether its largest picture is offered. A
 * member's defaults for new works; on each upload, what serving its files follows. Works published before keep all rights and stay away from AI: their authors were
 * never asked.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const add = async (table: string, column: string, type: "text" | "integer", fallback: string | number) => {
    await db.schema
      .alterTable(table)
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  };
  await add("works", "license", "text", "all-rights");
  await add("works", "source_url", "text", "");
  await add("works", "source_author", "text", "");
  await add("works", "ai_label", "integer", 0);
  await add("works", "ai_floor", "integer", 0);
  await add("works", "noai", "integer", 1);
  await add("works", "offer_original", "integer", 1);
  await add("users", "default_license", "text", "all-rights");
  await add("users", "default_noai", "integer", 1);
  await add("users", "hide_ai", "integer", 0);
  await add("uploads", "ai_floor", "integer", 0);
  // What serving a picture's files follows (server/media.ts): a crawler's noai, and the largest file withheld.
  await add("uploads", "noai", "integer", 1);
  await add("uploads", "withheld", "integer", 0);
  await db.schema.createIndex("uploads_url").on("uploads").column("url").execute();
  // Search can leave AI-generated works out: PostgreSQL's index keeps the label beside the node and kind (every work
  // is unlabelled today); SQLite's writes it as a facet term with each document from now on.
  if (dialect === "postgres")
    await sql`alter table work_search add column ai_label integer not null default 0`.execute(db);
}
