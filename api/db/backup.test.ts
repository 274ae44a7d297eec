import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Sqlite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { emptyDatabaseUrl, engine } from "../test/harness.ts";
import { backupDatabase } from "./backup.ts";
import { openDatabase } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-backup-"));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

const member = (n: number) => ({
  username: `m${n}`,
  nickname: `成员${n}`,
  nickname_key: `成员${n}`,
  password_hash: "x",
  created_at: 1,
  updated_at: 1,
});

describe(`a backup on ${engine}`, () => {
  it("holds what was committed when it was taken, while the site keeps writing", async () => {
    const { url, drop } = await emptyDatabaseUrl();
    drops.push(drop);
    const site = await openDatabase(url);
    await migrateToLatest(site);
    await site.db
      .insertInto("users")
      .values([member(1), member(2), member(3)])
      .execute();
    // Another process is in the middle of writing: its rows are not committed, so they are not in the copy.
    const writer = await openDatabase(url);
    const file = path.join(dir, engine === "sqlite" ? "site.db" : "site.dump");
    let done: { bytes: number } | undefined;
    await writer.db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values(member(4)).execute();
      done = await backupDatabase(url, file);
    });
    await site.db.insertInto("users").values(member(5)).execute();
    await Promise.all([site.close(), writer.close()]);
    expect(done!.bytes).toBeGreaterThan(10_000);

    // Restored as the README says, the copy is whole and holds the rows of that moment.
    let names: string[];
    if (engine === "sqlite") {
      const copy = new Sqlite(file, { readonly: true });
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      names = copy
        .prepare("select username from users order by id")
        .all()
        .map((r) => (r as { username: string }).username);
      copy.close();
    } else {
      const target = await emptyDatabaseUrl();
      drops.push(target.drop);
      await run("pg_restore", ["--no-owner", "--dbname", target.url, file]);
      const restored = await openDatabase(target.url);
      names = (await restored.db.selectFrom("users").select("username").orderBy("id").execute()).map((r) => r.username);
      // The schema came too: the site can start on it and finds nothing to migrate.
      expect(await migrateToLatest(restored)).toEqual([]);
      await restored.close();
    }
    expect(names).toEqual(["m1", "m2", "m3"]);
  }, 60_000);

  it("says what went wrong when it cannot be taken", async () => {
    const missing =
      engine === "sqlite"
        ? `sqlite:${path.join(dir, "none", "site.db")}`
        : "postgres://postgres@127.0.0.1:5432/yishe_no_such_db";
    await expect(backupDatabase(missing, path.join(dir, "x.bak"))).rejects.toThrow(
      engine === "sqlite" ? /unable to open|directory does not exist|no such file/i : /pg_dump 失败/,
    );
  });
});
