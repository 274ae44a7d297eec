import path from "node:path";
import { z } from "zod";

/** BACKUP_DIR: where `npm run backup` writes the site's backups ($DATA_DIR/backups unless told). */
export const backupEnvFields = {
  BACKUP_DIR: z.string().optional(),
};

export type BackupSettings = { backupDir: string };

export const backupSettingsOf = (v: { BACKUP_DIR?: string }, dataDir: string): BackupSettings => ({
  backupDir: path.resolve(v.BACKUP_DIR || path.join(dataDir, "backups")),
});
