import { createReadStream, readdirSync } from "node:fs";
import path from "node:path";
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { BackupKeep } from "../../config/backup-env.ts";
import type { S3Settings } from "../../lib/s3-storage.ts";
import { backupsToKeep } from "./backup-rotation.ts";

/**
 * A scheduled backup copied off the machine (BACKUP_S3_BUCKET): every file of its folder under `<folder name>/` in the
 * bucket, streamed in parts (a large dump never sits in memory), then the bucket kept as BACKUP_KEEP says, like the
 * folder. Loaded only when a backup goes there (the S3 SDK is heavy: api/open/assembly.ts).
 */
export async function copyBackupToS3(client: S3Client, s: S3Settings, folder: string): Promise<number> {
  const name = path.basename(folder);
  let files = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = `${name}/${path.relative(folder, full).split(path.sep).join("/")}`;
    await new Upload({ client, params: { Bucket: s.bucket, Key: key, Body: createReadStream(full) } }).done();
    files++;
  }
  return files;
}

/** The bucket's backups past BACKUP_KEEP removed; answers the names removed. */
export async function rotateS3Backups(client: S3Client, s: S3Settings, keep: BackupKeep, now: number) {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s.bucket, Prefix: "site-", ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!).filter(Boolean));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const names = [...new Set(keys.map((k) => k.split("/")[0]))];
  const kept = backupsToKeep(names, keep, now);
  const dropped = names.filter((n) => !kept.has(n) && /^site-\d{8}-\d{6}$/.test(n));
  const doomed = keys.filter((k) => dropped.includes(k.split("/")[0]));
  for (let i = 0; i < doomed.length; i += 1000)
    await client.send(
      new DeleteObjectsCommand({
        Bucket: s.bucket,
        Delete: { Objects: doomed.slice(i, i + 1000).map((Key) => ({ Key })) },
      }),
    );
  return dropped;
}
