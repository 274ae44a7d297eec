import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testS3 } from "../test/s3.ts";
import { s3Storage } from "./s3-storage.ts";
import { StorageError } from "./storage.ts";

let s3: Awaited<ReturnType<typeof testS3>>;
beforeAll(async () => {
  s3 = await testS3();
});
afterAll(() => s3.close());

const text = async (body: NodeJS.ReadableStream) => {
  let out = "";
  for await (const chunk of body) out += chunk.toString();
  return out;
};

describe("media in an S3-compatible store", () => {
  it("stores a file with its type and a year's cache, and hands back its address under /uploads", async () => {
    const store = s3Storage(s3.settings);
    await store.check();
    expect(await store.put("2026/11/a.webp", Buffer.from("picture bytes"), "image/webp")).toBe(
      "/uploads/2026/11/a.webp",
    );
    const file = await store.get!("2026/11/a.webp");
    expect(file).toMatchObject({ contentType: "image/webp", length: 13 });
    expect(await text(file!.body)).toBe("picture bytes");
  });

  it("answers a part of a file for a range, and null for a file it does not have", async () => {
    const store = s3Storage(s3.settings);
    await store.put("t/track.wav", Buffer.from("0123456789"), "audio/wav");
    const part = await store.get!("t/track.wav", "bytes=2-5");
    expect(part).toMatchObject({ length: 4, contentRange: "bytes 2-5/10" });
    expect(await text(part!.body)).toBe("2345");
    expect(await store.get!("t/none.wav")).toBeNull();
    await store.remove("t/track.wav");
    expect(await store.get!("t/track.wav")).toBeNull();
  });

  it("sends a large file in parts", async () => {
    const store = s3Storage(s3.settings);
    const big = Buffer.alloc(20 * 1024 * 1024, 1);
    big.write("end", big.length - 3);
    await store.put("t/long.flac", big, "audio/flac");
    const tail = await store.get!("t/long.flac", `bytes=${big.length - 3}-`);
    expect(tail).toMatchObject({
      contentType: "audio/flac",
      contentRange: `bytes ${big.length - 3}-${big.length - 1}/${big.length}`,
    });
    expect(await text(tail!.body)).toBe("end");
  });

  it("fails with a StorageError when the store refuses the write", async () => {
    const store = s3Storage({ ...s3.settings, bucket: "no-such-bucket" });
    await expect(store.check()).rejects.toThrow();
    await expect(store.put("x.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(StorageError);
  });
});
