import { createHash } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  cpSync,
} from "node:fs";
import path from "node:path";
import { hostname } from "node:os";
import type { LastBackup } from "../../../contract/admin/views.ts";
import { backupDatabase } from "../../db/backup.ts";
import { openDatabase } from "../../db/index.ts";
import { putConfigRow, readConfigRow } from "../../db/queries/config.ts";
import type { Deps } from "../deps.ts";
import { restoreDatabase } from "../../db/restore.ts";

/**
 * A whole site in one folder: the database (SQLite's online backup or pg_dump) and, with local storage, the uploaded
 * media, with a manifest of every media file's SHA-256 so a restore can prove it brought back what was there. The
 * database is copied first: every file its rows name was on disk before it, so the copy's media cover its rows. With
 * STORAGE=s3 the media stay in the bucket, kept by its own versioning or replication (docs/operations.md).
 */
export const BACKUP_FORMAT = "yishe-backup-1";
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: "sqlite" | "postgresql";
  database: string;
  media: { kind: "local"; files: Record<string, string>; bytes: number } | { kind: "s3" };
};
const LAST_BACKUP = "lastBackup";
export type SiteSettings = { databaseUrl: string; dataDir: string; storage: "local" | "s3" };

const uploadsOf = (s: SiteSettings) => path.join(s.dataDir, "uploads");

export async function backupSite(s: SiteSettings, folder: string): Promise<{ folder: string; manifest: Manifest }> {
  if (existsSync(folder) && readdirSync(folder).length) throw new Error(`备份目录 ${folder} 不是空的`);
  mkdirSync(folder, { recursive: true });
  const sqlite = s.databaseUrl.startsWith("sqlite:");
  const database = sqlite ? "database.db" : "database.dump";
  await backupDatabase(s.databaseUrl, path.join(folder, database));
  let media: Manifest["media"] = { kind: "s3" };
  if (s.storage === "local") {
    const from = uploadsOf(s);
    const to = path.join(folder, "uploads");
    if (existsSync(from)) cpSync(from, to, { recursive: true, preserveTimestamps: true });
    const files = await checksums(to);
    media = { kind: "local", files, bytes: sizeOf(to, Object.keys(files)) };
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    engine: sqlite ? "sqlite" : "postgresql",
    database,
    media,
  };
  writeFileSync(path.join(folder, "manifest.json"), JSON.stringify(manifest, null, 2));
  const bytes = statSync(path.join(folder, database)).size + (media.kind === "local" ? media.bytes : 0);
  await recordBackup(s.databaseUrl, { at: Date.now(), bytes, folder: path.resolve(folder), host: hostname() });
  return { folder, manifest };
}

/**
 * A backup brought into an empty site (no database there, no media): the database, then the media, each file checked
 * against the manifest. `force` allows a target that is not empty: its database is replaced and the media merged.
 */
export async function restoreSite(folder: string, s: SiteSettings, force = false) {
  const manifest = readManifest(folder);
  const target = s.databaseUrl.startsWith("sqlite:") ? "sqlite" : "postgresql";
  if (manifest.engine !== target)
    throw new Error(`这份备份来自 ${manifest.engine}，不能恢复到 ${target}：请把 DATABASE_URL 指向同类数据库`);
  const uploads = uploadsOf(s);
  if (manifest.media.kind === "local" && !force && existsSync(uploads) && readdirSync(uploads).length)
    throw new Error(`${uploads} 里已有文件：请换一个空的 DATA_DIR，或确认覆盖时加 --force`);
  await restoreDatabase(path.join(folder, manifest.database), s.databaseUrl, force);
  if (manifest.media.kind !== "local") return { manifest, files: 0 };
  const from = path.join(folder, "uploads");
  if (existsSync(from)) cpSync(from, uploads, { recursive: true, preserveTimestamps: true });
  const restored = await checksums(uploads);
  const wrong = Object.entries(manifest.media.files).filter(([file, sum]) => restored[file] !== sum);
  if (wrong.length) throw new Error(`有 ${wrong.length} 个媒体文件与备份清单不符，例如 ${wrong[0][0]}`);
  return { manifest, files: Object.keys(manifest.media.files).length };
}

/** The last backup, kept in the database so the admin overview shows it whichever machine made it. */
async function recordBackup(databaseUrl: string, last: LastBackup) {
  const database = await openDatabase(databaseUrl);
  try {
    await putConfigRow(database.db, LAST_BACKUP, JSON.stringify(last));
  } finally {
    await database.close();
  }
}

export async function lastBackup(deps: Deps): Promise<LastBackup | null> {
  const row = await readConfigRow(deps.db, LAST_BACKUP);
  try {
    return row ? (JSON.parse(row) as LastBackup) : null;
  } catch {
    return null;
  }
}

export function readManifest(folder: string): Manifest {
  const file = path.join(folder, "manifest.json");
  if (!existsSync(file)) throw new Error(`${folder} 不是艺社的备份：没有 manifest.json`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`不认识的备份格式：${String(manifest.format)}`);
  return manifest;
}

/** Every file under `root` (its path with / between folders) and its SHA-256. */
export async function checksums(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!existsSync(root)) return out;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(root, full).split(path.sep).join("/")] = await sha256(full);
  }
  return out;
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (d) => hash.update(d))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

const sizeOf = (root: string, files: string[]) => files.reduce((n, f) => n + statSync(path.join(root, f)).size, 0);
