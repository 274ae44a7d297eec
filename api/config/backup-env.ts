import path from "node:path";
import { z } from "zod";
import { validCron } from "../jobs/cron.ts";
import type { S3Settings } from "../lib/s3-storage.ts";

/**
 * BACKUP_DIR: where backups go ($DATA_DIR/backups unless told). BACKUP_SCHEDULE: when the site backs itself up while
 * it serves (cron, China time, e.g. `30 3 * * *`); none unless set. BACKUP_KEEP: how many to keep, `7d,4w` (the
 * newest of each of the last 7 days and of the last 4 weeks; the default). BACKUP_S3_BUCKET: each scheduled backup is
 * also copied there (through S3_ENDPOINT and S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, whatever STORAGE is), kept alike.
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
  BACKUP_S3_BUCKET: z.string().optional(),
};

export type BackupKeep = { days: number; weeks: number };
export type BackupSettings = {
  backupDir: string;
  backupSchedule: string | null;
  backupKeep: BackupKeep;
  /** Where scheduled backups are also copied, off the machine. */
  backupS3: S3Settings | null;
};

type S3Fields = {
  S3_ENDPOINT?: string | null;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: string;
};

/** What is missing for BACKUP_S3_BUCKET, said the way the other settings' mistakes are. */
export function backupEnvMistake(v: { BACKUP_S3_BUCKET?: string } & S3Fields): string | null {
  if (!v.BACKUP_S3_BUCKET) return null;
  const missing = (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !v[k]);
  return missing.length ? `BACKUP_S3_BUCKET 还需要设置 ${missing.join("、")}` : null;
}

export const backupSettingsOf = (
  v: { BACKUP_DIR?: string; BACKUP_SCHEDULE?: string; BACKUP_KEEP?: string; BACKUP_S3_BUCKET?: string } & S3Fields,
  dataDir: string,
): BackupSettings => {
  const [, days, weeks] = /^(\d+)d(?:,(\d+)w)?$/.exec(v.BACKUP_KEEP || "7d,4w")!;
  return {
    backupDir: path.resolve(v.BACKUP_DIR || path.join(dataDir, "backups")),
    backupSchedule: v.BACKUP_SCHEDULE?.trim() || null,
    backupKeep: { days: Number(days), weeks: Number(weeks ?? 0) },
    backupS3: v.BACKUP_S3_BUCKET
      ? {
          endpoint: v.S3_ENDPOINT ?? null,
          region: v.S3_REGION || "us-east-1",
          bucket: v.BACKUP_S3_BUCKET,
          accessKeyId: v.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: v.S3_SECRET_ACCESS_KEY ?? "",
          forcePathStyle: v.S3_FORCE_PATH_STYLE
            ? ["on", "1"].includes(v.S3_FORCE_PATH_STYLE.trim().toLowerCase())
            : Boolean(v.S3_ENDPOINT),
        }
      : null,
  };
};
