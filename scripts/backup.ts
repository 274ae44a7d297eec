/**
 * `npm run backup [-- FOLDER]`: the whole site while it runs (the database of DATABASE_URL / DATA_DIR and, with local
 * storage, its uploaded media, with a manifest of checksums) into FOLDER or $BACKUP_DIR/site-<time>
 * ($DATA_DIR/backups by default). `npm run restore -- FOLDER` brings it back (docs/operations.md, Backup and restore).
 */
import path from "node:path";
import { backupName, backupSite, readEnvOrExit } from "../api/index.ts";

const env = readEnvOrExit();
const folder = process.argv[2] || path.join(env.backupDir, backupName(Date.now()));
const started = performance.now();
try {
  const { manifest } = await backupSite(
    { databaseUrl: env.databaseUrl, dataDir: env.dataDir, storage: env.storage.kind },
    folder,
  );
  const media =
    manifest.media.kind === "local"
      ? `，媒体文件 ${Object.keys(manifest.media.files).length} 个（${(manifest.media.bytes / 1024 / 1024).toFixed(1)} MB）`
      : "；媒体在 S3 存储桶中，由存储桶的版本控制或复制保存";
  process.stdout.write(`站点已备份到 ${folder}：数据库${media}，用时 ${Math.round(performance.now() - started)} ms\n`);
} catch (err) {
  process.stderr.write(`备份失败：${(err as Error).message}\n`);
  process.exit(1);
}
