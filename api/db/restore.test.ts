import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { emptyDatabaseUrl, engine } from "../test/harness.ts";
import { backupDatabase } from "./backup.ts";
import { openDatabase } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";
import { restoreDatabase } from "./restore.ts";

// `npm run restore`'s database half, on each engine: into an empty database only, unless told.
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-restore-db-"));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

const member = (n: number) => ({
  username: `r${n}`,
  nickname: `恢复${n}`,
  nickname_key: `恢复${n}`,
  password_hash: "x",
  created_at: 1,
  updated_at: 1,
});

async function names(url: string) {
  const database = await openDatabase(url);
  try {
    return (await database.db.selectFrom("users").select("username").orderBy("id").execute()).map((r) => r.username);
  } finally {
    await database.close();
  }
}

describe(`a restore on ${engine}`, () => {
  it("brings a backup into an empty database, and refuses one that is not empty unless forced", async () => {
    const source = await emptyDatabaseUrl();
    drops.push(source.drop);
    const site = await openDatabase(source.url);
    await migrateToLatest(site);
    await site.db
      .insertInto("users")
      .values([member(1), member(2)])
      .execute();
    await site.close();
    const file = path.join(dir, engine === "sqlite" ? "site.db" : "site.dump");
    await backupDatabase(source.url, file);

    const target = await emptyDatabaseUrl();
    drops.push(target.drop);
    await restoreDatabase(file, target.url);
    expect(await names(target.url)).toEqual(["r1", "r2"]);
    const restored = await openDatabase(target.url);
    expect(await migrateToLatest(restored)).toEqual([]);
    await restored.db.insertInto("users").values(member(3)).execute();
    await restored.close();

    // Again over it: refused, and what is there stays.
    await expect(restoreDatabase(file, target.url)).rejects.toThrow(/不是空的|已有数据库/);
    expect(await names(target.url)).toEqual(["r1", "r2", "r3"]);
    // Told to, the backup replaces it.
    await restoreDatabase(file, target.url, true);
    expect(await names(target.url)).toEqual(["r1", "r2"]);
  }, 60_000);

  it("says what is wrong with a file that is no backup", async () => {
    const target = await emptyDatabaseUrl();
    drops.push(target.drop);
    await expect(restoreDatabase(path.join(dir, "none.db"), target.url)).rejects.toThrow("找不到备份文件");
  });
});
