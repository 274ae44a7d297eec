/**
 * `npm run backup [-- FILE]`: copies the database named by DATABASE_URL / DATA_DIR while the site runs, to FILE or
 * to $DATA_DIR/backups/ with the time in its name. Uploaded media on local disk is not in it: copy
 * $DATA_DIR/uploads beside it. Restoring is in the README (Backup and restore).
 */
import path from "node:path";
import { backupDatabase } from "../api/db/backup.ts";
import { readEnvOrExit } from "../api/config/env.ts";

const env = readEnvOrExit();
const sqlite = env.databaseUrl.startsWith("sqlite:");
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const file = process.argv[2] || path.join(env.dataDir, "backups", `site-${stamp}.${sqlite ? "db" : "dump"}`);
const started = performance.now();
try {
  const done = await backupDatabase(env.databaseUrl, file);
  const mb = (done.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(`数据库已备份到 ${done.file}（${mb} MB，用时 ${Math.round(performance.now() - started)} ms）\n`);
  if (sqlite) process.stdout.write(`上传的图片和音频在 ${path.join(env.dataDir, "uploads")}，请一并复制。\n`);
} catch (err) {
  process.stderr.write(`备份失败：${(err as Error).message}\n`);
  process.exit(1);
}
