import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testS3 } from "../test/s3.ts";
import { s3Storage } from "./s3-storage.ts";
import { copyUploadsToStore } from "./storage-copy.ts";

let s3: Awaited<ReturnType<typeof testS3>>;
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-copy-"));
beforeAll(async () => {
  s3 = await testS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("copying the uploads folder into the store", () => {
  it("keeps each file's key and type, and skips what is already there the second time", async () => {
    mkdirSync(path.join(dir, "2026", "11"), { recursive: true });
    mkdirSync(path.join(dir, "demo"), { recursive: true });
    writeFileSync(path.join(dir, "2026", "11", "a.webp"), "picture");
    writeFileSync(path.join(dir, "demo", "music-1.wav"), "track bytes");
    const store = s3Storage(s3.settings);
    expect(await copyUploadsToStore(dir, store)).toEqual({ copied: 2, skipped: 0, bytes: 18 });
    expect(await store.get!("2026/11/a.webp")).toMatchObject({ contentType: "image/webp", length: 7 });
    expect(await store.get!("demo/music-1.wav")).toMatchObject({ contentType: "audio/wav", length: 11 });

    writeFileSync(path.join(dir, "2026", "11", "b.webp"), "another");
    expect(await copyUploadsToStore(dir, store)).toEqual({ copied: 1, skipped: 2, bytes: 7 });
  });
});
