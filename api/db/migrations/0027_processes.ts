import type { Kysely } from "kysely";

/**
 * Each serving process says it is alive every few seconds (server/heartbeat.ts), with its build, its start and what
 * it sees of the database, Redis, the store, mail and the model: the admin overview shows them all, whichever
 * process serves the page, on one machine or several.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("processes")
    // host:pid:start, unique for a process's life.
    .addColumn("id", "varchar(200)", (c) => c.primaryKey())
    .addColumn("host", "varchar(200)", (c) => c.notNull())
    .addColumn("pid", "integer", (c) => c.notNull())
    .addColumn("worker", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("release", "varchar(200)", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    // JSON: { check: { up, since, detail? } }.
    .addColumn("health", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
}
