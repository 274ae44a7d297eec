import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "./index.ts";

/**
 * A database backup (api/db/backup.ts) brought into the database of `url`. The target must be empty (no SQLite file;
 * a PostgreSQL database without tables) unless `force`: a restore over a live site's data is a mistake one flag
 * away, never the default. SQLite's copy is checked whole before it takes the file's place.
 */
export async function restoreDatabase(file: string, url: string, force = false): Promise<void> {
  if (!existsSync(file)) throw new Error(`找不到备份文件 ${file}`);
  if (url.startsWith("sqlite:")) return restoreSqlite(file, url.slice("sqlite:".length), force);
  if (!force && (await tablesIn(url)) > 0)
    throw new Error("目标数据库不是空的：请换一个空数据库，或确认覆盖时加 --force");
  await pgRestore(file, url, force);
}

async function restoreSqlite(file: string, target: string, force: boolean) {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const copy = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`备份文件已损坏：${String(check)}`);
  } finally {
    copy.close();
  }
  if (existsSync(target) && !force)
    throw new Error(`目标位置已有数据库 ${target}：请换一个空的 DATA_DIR，或确认覆盖时加 --force`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  // A write-ahead log beside an old file would be replayed onto the restored one.
  for (const extra of ["-wal", "-shm"]) rmSync(target + extra, { force: true });
  copyFileSync(file, target);
}

async function tablesIn(url: string): Promise<number> {
  const database = await openDatabase(url);
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(database.db);
    return rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

function pgRestore(file: string, url: string, clean: boolean): Promise<void> {
  const args = ["--no-owner", "--exit-on-error", ...(clean ? ["--clean", "--if-exists"] : []), "--dbname", url, file];
  return new Promise((resolve, reject) => {
    const child = spawn("pg_restore", args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (d) => (errors += d));
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "ENOENT" ? new Error("找不到 pg_restore：请安装 PostgreSQL 客户端") : err),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore 失败（退出码 ${code}）：${errors.trim().slice(0, 500)}`)),
    );
  });
}
