import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { engine, freshDatabase } from "../test/harness.ts";
import { autovacuumWarnings, databaseWarnings } from "./index.ts";

describe("what the operator hears about the database at start", () => {
  it("names autovacuum when PostgreSQL runs without it, and says nothing when it runs", () => {
    const [off] = autovacuumWarnings("off");
    expect(off).toMatch(/autovacuum off/);
    expect(off).toMatch(/VACUUM ANALYZE/);
    expect(autovacuumWarnings("on")).toEqual([]);
    expect(autovacuumWarnings(undefined)).toEqual([]);
  });

  const database = freshDatabase();
  afterAll(async () => (await database).drop());

  it("reads the server's own setting (SQLite has none to warn about)", async () => {
    const db = await database;
    const warnings = await databaseWarnings(db);
    if (engine === "sqlite") return expect(warnings).toEqual([]);
    const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db.db);
    expect(warnings).toEqual(autovacuumWarnings(rows[0].autovacuum));
  });
});
