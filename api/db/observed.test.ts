import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { dbDuration } from "../lib/metrics.ts";
import { emptyDatabaseUrl, engine } from "../test/harness.ts";
import { openDatabase, type Database } from "./index.ts";

// Every statement is timed where its engine runs it (api/db/observed.ts), on SQLite and on PostgreSQL alike.
const drops: (() => Promise<void>)[] = [];
const open: Database[] = [];
afterAll(async () => {
  for (const d of open) await d.close();
  for (const drop of drops) await drop();
});

const count = async (kind: string, outcome: string) => {
  const { values } = await dbDuration.get();
  return values
    .filter((v) => (v as { metricName?: string }).metricName?.endsWith("_count"))
    .filter((v) => v.labels.kind === kind && v.labels.outcome === outcome)
    .reduce((n, v) => n + v.value, 0);
};

describe(`db_statement_duration_seconds on ${engine}`, () => {
  it("counts each statement once, by kind, and a failed one as an error", async () => {
    const { url, drop } = await emptyDatabaseUrl();
    drops.push(drop);
    const database = await openDatabase(url);
    open.push(database);
    const { db } = database;
    await sql`create table sample (id integer primary key, name text)`.execute(db);
    const [selects, inserts, errors] = [
      await count("select", "ok"),
      await count("insert", "ok"),
      await count("select", "error"),
    ];
    for (let i = 1; i <= 3; i++) await sql`insert into sample (id, name) values (${i}, ${"画" + i})`.execute(db);
    for (let i = 0; i < 5; i++)
      await db
        .selectFrom("sample" as never)
        .selectAll()
        .execute();
    await expect(sql`select nothing from nowhere`.execute(db)).rejects.toThrow();
    expect((await count("insert", "ok")) - inserts).toBe(3);
    expect((await count("select", "ok")) - selects).toBe(5);
    expect((await count("select", "error")) - errors).toBe(1);
  });
});
