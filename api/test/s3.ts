import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../lib/s3-storage.ts";

/**
 * A local S3-compatible server for tests (s3rver, files in a temporary folder), with one bucket. `stop` takes it
 * away (a store that refuses every write); `close` removes it and its files.
 */
export async function testS3(bucket = "media") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-s3-"));
  let server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  let running = true;
  return {
    settings,
    /** The environment of a site that keeps its media there. */
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async start() {
      server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: dir });
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
