import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Client } from "../../lib/s3-storage.ts";
import { testS3 } from "../../test/s3.ts";
import { backupName } from "./backup-rotation.ts";
import { copyBackupToS3, rotateS3Backups } from "./backup-offsite.ts";

/** BACKUP_S3_BUCKET: a scheduled backup's files in the bucket, and the bucket kept as BACKUP_KEEP says. */
let store: Awaited<ReturnType<typeof testS3>>;
beforeAll(async () => {
  store = await testS3("yishe-backups");
});
afterAll(() => store.close());

const keysOf = async () => {
  const client = s3Client(store.settings);
  const page = await client.send(new ListObjectsV2Command({ Bucket: store.settings.bucket }));
  client.destroy();
  return (page.Contents ?? []).map((o) => o.Key!).sort();
};

function folderOf(dir: string, at: number) {
  const folder = path.join(dir, backupName(at));
  mkdirSync(path.join(folder, "uploads", "2026"), { recursive: true });
  writeFileSync(path.join(folder, "database.db"), "db");
  writeFileSync(path.join(folder, "manifest.json"), "{}");
  writeFileSync(path.join(folder, "uploads", "2026", "a.webp"), "picture");
  return folder;
}

describe("backups off the machine", () => {
  it("copies every file of a backup, and drops the bucket's old backups, nothing else", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-offsite-"));
    const client = s3Client(store.settings);
    try {
      const old = Date.parse("2026-09-01T19:30:00Z");
      const now = Date.parse("2026-11-28T19:30:00Z");
      expect(await copyBackupToS3(client, store.settings, folderOf(dir, old))).toBe(3);
      expect(await copyBackupToS3(client, store.settings, folderOf(dir, now))).toBe(3);
      expect(await keysOf()).toHaveLength(6);
      expect(await rotateS3Backups(client, store.settings, { days: 7, weeks: 4 }, now)).toEqual([backupName(old)]);
      const name = backupName(now);
      expect(await keysOf()).toEqual(
        [`${name}/database.db`, `${name}/manifest.json`, `${name}/uploads/2026/a.webp`].sort(),
      );
    } finally {
      client.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
