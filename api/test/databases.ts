import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { engine } from "./engine.ts";
import { asAdmin, databaseUrl } from "./template.ts";
import { openDatabase, type Database } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";

/**
 * The address of a new, empty database of the engine under test (SQLite: a file, so that several connections can
 * share it); `drop` removes it once every connection to it is closed.
 */
export async function emptyDatabaseUrl(
  /** PostgreSQL: a copy of this database rather than an empty one. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-db-"));
    return {
      url: `sqlite:${path.join(dir, "site.db")}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `yishe_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await asAdmin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(name), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database of its own; `drop` removes it (PostgreSQL: the whole database). */
export async function freshDatabase(
  options: { migrate?: boolean } = {},
): Promise<Database & { drop(): Promise<void> }> {
  const migrate = options.migrate ?? true;
  if (engine === "sqlite") {
    const database = await openDatabase("sqlite::memory:");
    if (migrate) await migrateToLatest(database);
    return { ...database, drop: () => database.close() };
  }
  // A copy of the run's migrated template (scripts/test-setup.ts) when there is one.
  const template = migrate ? inject("pgTemplate") : null;
  const empty = await emptyDatabaseUrl(template ?? undefined);
  const database = await openDatabase(empty.url);
  if (migrate && !template) await migrateToLatest(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      await empty.drop();
    },
  };
}
