import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { inSpan, SpanKind } from "./telemetry.ts";
import { StorageError, UPLOADS_PATH, type Storage, type StoredFile } from "./storage.ts";

export type S3Settings = {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (`endpoint/bucket/key`): MinIO and most self-hosted stores want them. */
  forcePathStyle: boolean;
};

/** Keys are random and never reused: a stored file never changes, so browsers and proxies may keep it a year. */
const CACHE = "public, max-age=31536000, immutable";
/** Larger files (audio) go up in parts of this size, several at once. */
const PART = 8 * 1024 * 1024;

export function s3Client(s: S3Settings) {
  const client = new S3Client({
    ...(s.endpoint && { endpoint: s.endpoint }),
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where the API requires them: several S3-compatible stores reject the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the upload in seconds rather than holding it.
    requestHandler: { requestTimeout: 30_000, connectionTimeout: 5_000 },
    maxAttempts: 2,
  });
  // Under tracing each command is a span of the request that asked (api/lib/telemetry.ts); off, one check.
  client.middlewareStack.add(
    (next, context) => (args) =>
      inSpan(
        `s3 ${context.commandName ?? "command"}`,
        {
          "rpc.system": "aws-api",
          "rpc.service": "S3",
          "rpc.method": context.commandName ?? "",
          "aws.s3.bucket": s.bucket,
        },
        () => next(args),
        SpanKind.CLIENT,
      ),
    { step: "initialize", name: "yisheTrace" },
  );
  return client;
}

/** Media in an S3-compatible store (STORAGE=s3), served through the site at `/uploads/<key>` with range requests. */
export function s3Storage(
  s: S3Settings,
  client = s3Client(s),
): Required<Pick<Storage, "get" | "check">> & Storage & { size(key: string): Promise<number | null> } {
  const Bucket = s.bucket;
  const get = async (key: string, range?: string): Promise<StoredFile | null> => {
    try {
      const got = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range && { Range: range }) }));
      return {
        body: got.Body as Readable,
        contentType: got.ContentType || "application/octet-stream",
        length: got.ContentLength ?? 0,
        contentRange: got.ContentRange,
        etag: got.ETag,
        lastModified: got.LastModified,
      };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === "NoSuchKey") return null;
      throw err;
    }
  };
  return {
    async put(key, data, contentType) {
      try {
        if (data.length <= PART)
          await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: CACHE }),
          );
        else
          await new Upload({
            client,
            params: { Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: CACHE },
            partSize: PART,
            queueSize: 4,
            // A failed multipart upload is aborted: no parts are left behind in the store.
            leavePartsOnError: false,
          }).done();
      } catch (err) {
        throw new StorageError(`S3 put ${key}: ${String(err)}`);
      }
      return `${UPLOADS_PATH}/${key}`;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    get,
    async read(key) {
      const got = await get(key);
      if (!got) return null;
      const parts: Buffer[] = [];
      for await (const part of got.body) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
    /** The size of a stored file, or null when there is none (the copy from disk skips what is there). */
    async size(key: string) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (err) {
        if ((err as { name?: string }).name === "NotFound" || (err as { name?: string }).name === "NoSuchKey")
          return null;
        throw err;
      }
    },
    /** At start: the bucket answers with these keys. */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
