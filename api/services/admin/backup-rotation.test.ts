import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupName, backupsToKeep, scheduledBackup } from "./backup-rotation.ts";

const at = (iso: string) => Date.parse(iso);
const name = (iso: string) => backupName(at(iso));

describe("the backups' rotation (BACKUP_KEEP)", () => {
  it("keeps the newest of each of the last days and weeks, and always the newest", () => {
    const now = at("2026-11-28T20:00:00Z");
    const names = [
      // Two on one China day (28th 03:30 and 23:00 China time): the later stays.
      name("2026-11-27T19:30:00Z"),
      name("2026-11-28T15:00:00Z"),
      name("2026-11-26T19:30:00Z"),
      name("2026-11-20T19:30:00Z"),
      name("2026-11-12T19:30:00Z"),
      name("2026-09-01T19:30:00Z"),
      "site-notes",
    ];
    const kept = backupsToKeep(names, { days: 3, weeks: 2 }, now);
    expect([...kept].sort()).toEqual(
      [name("2026-11-28T15:00:00Z"), name("2026-11-26T19:30:00Z"), name("2026-11-20T19:30:00Z")].sort(),
    );
    expect(backupsToKeep([name("2026-09-01T19:30:00Z")], { days: 1, weeks: 0 }, now)).toEqual(
      new Set([name("2026-09-01T19:30:00Z")]),
    );
  });

  it("backs up into the folder and removes what the rotation drops, nothing else", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-rotation-"));
    const data = path.join(dir, "data");
    const backups = path.join(dir, "backups");
    mkdirSync(path.join(data, "uploads", "2026"), { recursive: true });
    writeFileSync(path.join(data, "uploads", "2026", "a.webp"), "picture");
    mkdirSync(path.join(backups, name("2026-10-01T19:30:00Z")), { recursive: true });
    mkdirSync(path.join(backups, "keep-me"), { recursive: true });
    try {
      const { openDatabase } = await import("../../db/index.ts");
      const { migrateToLatest } = await import("../../db/migrate.ts");
      const database = await openDatabase(`sqlite:${path.join(data, "site.db")}`);
      await migrateToLatest(database);
      await database.close();
      const now = at("2026-11-28T19:30:00Z");
      const site = { databaseUrl: `sqlite:${path.join(data, "site.db")}`, dataDir: data, storage: "local" as const };
      const folder = await scheduledBackup(site, backups, { days: 7, weeks: 4 }, now);
      expect(path.basename(folder)).toBe(name("2026-11-28T19:30:00Z"));
      expect(readdirSync(backups).sort()).toEqual(["keep-me", name("2026-11-28T19:30:00Z")]);
      expect(readdirSync(path.join(folder, "uploads", "2026"))).toEqual(["a.webp"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
