import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { BackupKeep } from "../../config/backup-env.ts";
import { chinaDay } from "../../lib/china-time.ts";
import { backupSite, type SiteSettings } from "./site-backup.ts";

/** A scheduled backup's folder: `site-20261128-033000` (UTC), so names sort by time. */
export const backupName = (at: number) =>
  `site-${new Date(at).toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15)}`;
const NAME = /^site-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/;

const timeOf = (name: string) => {
  const m = NAME.exec(name);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : null;
};

/**
 * Which backups stay: the newest of each of the last `days` China days and of each of the last `weeks` weeks, and
 * always the newest of all. Folders not named as backups are never touched.
 */
export function backupsToKeep(names: string[], keep: BackupKeep, now: number): Set<string> {
  const dated = names
    .map((name) => ({ name, at: timeOf(name) }))
    .filter((b): b is { name: string; at: number } => b.at !== null)
    .sort((a, b) => b.at - a.at);
  const kept = new Set<string>(dated.slice(0, 1).map((b) => b.name));
  const today = chinaDay(now);
  const days = new Set<number>();
  const weeks = new Set<number>();
  for (const b of dated) {
    const day = chinaDay(b.at);
    const daysAgo = today - day;
    if (daysAgo < keep.days && !days.has(day)) {
      days.add(day);
      kept.add(b.name);
    }
    const week = Math.floor(daysAgo / 7);
    if (week < keep.weeks && !weeks.has(week)) {
      weeks.add(week);
      kept.add(b.name);
    }
  }
  return kept;
}

/** The job `site.backup`: a backup into BACKUP_DIR, then the rotation. Answers the new folder. */
export async function scheduledBackup(s: SiteSettings, dir: string, keep: BackupKeep, now = Date.now()) {
  const folder = path.join(dir, backupName(now));
  await backupSite(s, folder);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const kept = backupsToKeep(names, keep, now);
  for (const name of names)
    if (timeOf(name) !== null && !kept.has(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
  return folder;
}
