/**
 * How the API suite's site is made. `single` (the default): one API over the engine under test, counters and news
 * in memory, files on disk. `cluster` (TEST_STACK=cluster, on PostgreSQL): two APIs over one database, as two
 * processes would be, sharing only what two processes share (the database, Redis and an S3 store); every call goes
 * to the other one than the call before (api/test/stack.ts).
 */
export const stack = process.env.TEST_STACK === "cluster" ? "cluster" : "single";

/** Which engine the API suite runs on: SQLite in memory by default, PostgreSQL with TEST_DATABASE=postgres. */
export const engine = process.env.TEST_DATABASE === "postgres" || stack === "cluster" ? "postgres" : "sqlite";
export const adminUrl = process.env.TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
