import path from "node:path";
import { z } from "zod";
import { validCron } from "../jobs/cron.ts";

/**
 * BACKUP_DIR: where backups go ($DATA_DIR/backups unless told). BACKUP_SCHEDULE: when the site backs itself up while
 * it serves (cron, China time, e.g. `30 3 * * *`); none unless set. BACKUP_KEEP: how many to keep, `7d,4w` (the
 * newest of each of the last 7 days and of the last 4 weeks; the default).
 */
export const backupEnvFields = {
  BACKUP_DIR: z.string().optional(),
  BACKUP_SCHEDULE: z
    .string()
    .optional()
    .refine((v) => !v || validCron(v), "BACKUP_SCHEDULE 不是有效的 cron 表达式（例如 30 3 * * * 表示每天 3:30）"),
  BACKUP_KEEP: z
    .string()
    .regex(/^\d+d(,\d+w)?$/, "BACKUP_KEEP 的格式是 7d,4w：保留最近 7 天每天一份、最近 4 周每周一份")
    .optional(),
};

export type BackupKeep = { days: number; weeks: number };
export type BackupSettings = { backupDir: string; backupSchedule: string | null; backupKeep: BackupKeep };

export const backupSettingsOf = (
  v: { BACKUP_DIR?: string; BACKUP_SCHEDULE?: string; BACKUP_KEEP?: string },
  dataDir: string,
): BackupSettings => {
  const [, days, weeks] = /^(\d+)d(?:,(\d+)w)?$/.exec(v.BACKUP_KEEP || "7d,4w")!;
  return {
    backupDir: path.resolve(v.BACKUP_DIR || path.join(dataDir, "backups")),
    backupSchedule: v.BACKUP_SCHEDULE?.trim() || null,
    backupKeep: { days: Number(days), weeks: Number(weeks ?? 0) },
  };
};
