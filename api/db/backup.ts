import { spawn } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * A copy of the database as it stands, taken while the site runs: SQLite through its online backup API (a
 * consistent snapshot; writers go on), PostgreSQL through pg_dump's custom format (restore with pg_restore).
 */
export async function backupDatabase(url: string, file: string): Promise<{ file: string; bytes: number }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (url.startsWith("sqlite:")) await backupSqlite(url.slice("sqlite:".length), file);
  else await pgDump(url, file);
  return { file, bytes: statSync(file).size };
}

async function backupSqlite(source: string, file: string) {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const sqlite = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    // All the remaining pages in one step after the first: a write between steps would start the copy over.
    await sqlite.backup(file, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    sqlite.close();
  }
}

function pgDump(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, url], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (d) => (errors += d));
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "ENOENT" ? new Error("找不到 pg_dump：请安装 PostgreSQL 客户端（版本不低于数据库服务器）") : err,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump 失败（退出码 ${code}）：${errors.trim().slice(0, 500)}`)),
    );
  });
}
