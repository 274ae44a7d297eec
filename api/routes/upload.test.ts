import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { durationFits, wavSizesFit } from "../lib/media.ts";
import { melodyWav } from "../seed/art.ts";
import { startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import {
  sweepUnusedUploads,
  UNUSED_UPLOAD_GRACE_MS,
  type AudioUpload,
  type ImageUpload,
} from "../services/works/uploads.ts";
import { updateConfig } from "../services/config.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup();
});
afterEach(async () => t.close());

function upload(field: "image" | "audio", bytes: Buffer, name: string, type: string, token = me.token) {
  const fd = new FormData();
  fd.set(field, new File([new Uint8Array(bytes)], name, { type }));
  return t.call<ImageUpload & AudioUpload>("POST", field === "image" ? "/api/upload" : "/api/upload/audio", {
    body: fd,
    token,
  });
}

const picture = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } });
/** A stored file's bytes, wherever the site keeps them (disk, or the cluster stack's S3 store). */
const stored = async (url: string) => {
  const bytes = await t.stored(url);
  if (!bytes) throw new Error(`${url} is not stored`);
  return bytes;
};
const nothingStored = async () => {
  expect(await t.db.selectFrom("uploads").selectAll().execute()).toEqual([]);
  expect(await t.storedKeys()).toEqual([]);
};

/** A PNG whose header claims a huge size over a tiny body: a decompression bomb. */
async function bombPng(width: number, height: number) {
  const png = Buffer.from(await picture(1, 1).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("image upload (requirements §7 POST /api/upload)", () => {
  it("re-encodes to WebP with 320/640/1280 thumbnails and answers the url", async () => {
    const res = await upload("image", await picture(1600, 1200).jpeg().toBuffer(), "photo.jpg", "image/jpeg");
    expect(res.status).toBe(200);
    const { url, width, height, variants, uploadId } = res.body.data;
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[\w-]+\.webp$/);
    expect([width, height]).toEqual([1600, 1200]);
    expect(Object.keys(variants)).toEqual(["320", "640", "1280"]);
    const meta = await sharp(await stored(url)).metadata();
    expect(meta.format).toBe("webp");
    expect((await sharp(await stored(variants["640"])).metadata()).width).toBe(640);
    const row = await t.db.selectFrom("uploads").selectAll().where("id", "=", uploadId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: me.user.id, kind: "image", url });
  });

  it("drops location metadata, keeps the colour profile, and stands the picture upright", async () => {
    const withGps = await picture(400, 300)
      .withExif({ IFD0: { Make: "Camera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .withIccProfile("p3")
      .jpeg()
      .toBuffer();
    const input = await sharp(withGps).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);
    const res = await upload("image", withGps, "a.jpg", "image/jpeg");
    const meta = await sharp(await stored(res.body.data.url)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeDefined();
    expect([res.body.data.width, res.body.data.height]).toEqual([300, 400]);
    expect(res.body.data.variants).toEqual({});
  });

  it("goes by the bytes, not the name or claimed type", async () => {
    const png = await picture(100, 100).png().toBuffer();
    expect((await upload("image", png, "named.gif", "image/gif")).body.success).toBe(true);
    const text = await upload("image", Buffer.from("hello, I am not a picture at all"), "photo.jpg", "image/jpeg");
    expect(text.body).toMatchObject({
      success: false,
      message: "无法识别的图片文件，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片",
    });
  });

  it.each([
    ["a zero-byte file", async () => Buffer.alloc(0), "文件是空的"],
    [
      "an SVG without a size",
      async () =>
        Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "不支持 SVG 图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片",
    ],
    [
      "an SVG",
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      "不支持 SVG 图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片",
    ],
    [
      "a truncated JPEG",
      async () => {
        const j = await picture(800, 600).jpeg().toBuffer();
        return j.subarray(0, Math.floor(j.length / 2));
      },
      "图片文件已损坏或不完整",
    ],
    ["a decompression bomb", () => bombPng(30000, 30000), "图片像素过多，请缩小后再上传"],
  ])("refuses %s and stores nothing", async (_name, make, message) => {
    const res = await upload("image", await make(), "x.png", "image/png");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    await nothingStored();
  });

  it("refuses a file over 20 MB, a missing file, and a visitor", async () => {
    const big = await upload("image", Buffer.alloc(21 * 1024 * 1024, 1), "big.png", "image/png");
    expect(big.body).toMatchObject({ success: false, message: "图片不能超过20MB" });
    const none = await t.call("POST", "/api/upload", { body: new FormData(), token: me.token });
    expect(none.body.message).toBe("请选择要上传的图片");
    const visitor = await upload("image", await picture(10, 10).png().toBuffer(), "a.png", "image/png", "");
    expect(visitor.status).toBe(401);
    await nothingStored();
  });
});

describe("audio upload", () => {
  it("accepts WAV and reads its duration from the file", async () => {
    const res = await upload("audio", melodyWav(1, 7), "song.wav", "audio/wav");
    expect(res.body.data).toMatchObject({ duration: 7 });
    expect(res.body.data.url).toMatch(/\.wav$/);
    expect((await stored(res.body.data.url)).length).toBeGreaterThan(1000);
  });

  it("refuses what is not audio, and broken audio, storing nothing", async () => {
    const png = await upload("audio", await picture(10, 10).png().toBuffer(), "song.mp3", "audio/mpeg");
    expect(png.body.message).toBe("只支持 MP3、M4A、OGG、FLAC、WAV 音频");
    const header = Buffer.from("RIFF\0\0\0\0WAVEjunkjunkjunk");
    expect((await upload("audio", header, "x.wav", "audio/wav")).body.message).toBe("无法读取音频时长，文件可能已损坏");
    await nothingStored();
  });

  it("refuses audio whose header claims more than the file holds", async () => {
    // A 7-second WAV whose RIFF and data sizes claim ten hours: the page would show 10:00:00.
    const wav = melodyWav(2, 7);
    const lying = Buffer.from(wav);
    const dataAt = lying.indexOf("data") + 4;
    const claimed = 22050 * 2 * 36_000;
    lying.writeUInt32LE(claimed, dataAt);
    lying.writeUInt32LE(claimed + 36, 4);
    const res = await upload("audio", lying, "long.wav", "audio/wav");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("音频文件头声明的时长与文件大小不符，文件可能已损坏或被篡改");
    await nothingStored();
  });
});

describe("durationFits", () => {
  it("compares a header's claim with the bytes that hold it", () => {
    const wav = { ext: "wav", mime: "audio/wav" } as const;
    const pcm = { sampleRate: 44100, numberOfChannels: 2, bitsPerSample: 16, codec: "PCM" };
    expect(durationFits(wav, { ...pcm, duration: 10 }, 44100 * 4 * 10 + 44)).toBe(true);
    expect(durationFits(wav, { ...pcm, duration: 100 }, 44100 * 4 * 10 + 44)).toBe(false);
    const mp3 = { ext: "mp3", mime: "audio/mpeg" } as const;
    expect(durationFits(mp3, { duration: 180 }, (128_000 / 8) * 180)).toBe(true);
    expect(durationFits(mp3, { duration: 3 * 3600 }, 200_000)).toBe(false);
  });

  it("reads a WAV's own sizes: RIFF and data must fit in the file", () => {
    const wav = melodyWav(3, 2);
    expect(wavSizesFit(wav)).toBe(true);
    const riff = Buffer.from(wav);
    riff.writeUInt32LE(wav.length * 10, 4);
    expect(wavSizesFit(riff)).toBe(false);
    const data = Buffer.from(wav);
    data.writeUInt32LE(wav.length * 10, data.indexOf("data") + 4);
    expect(wavSizesFit(data)).toBe(false);
  });
});

describe("upload limits (admin settings uploadsPerHour, uploadMbPerDay)", () => {
  const png = async () => Buffer.from(await picture(64, 48).png().toBuffer());

  it("refuses past the hourly count and the daily megabytes, with the limit in the message, storing nothing", async () => {
    await updateConfig(t.deps, me.user, { uploadsPerHour: 2, uploadMbPerDay: 500 });
    for (let i = 0; i < 2; i++) expect((await upload("image", await png(), "a.png", "image/png")).status).toBe(200);
    const third = await upload("image", await png(), "a.png", "image/png");
    expect([third.status, third.body.message]).toEqual([429, "上传太频繁：每小时最多上传2个文件，请稍后再试"]);
    expect(await t.db.selectFrom("uploads").select("id").execute()).toHaveLength(2);
    // Another member has their own count; the hour passes for this one.
    expect((await upload("image", await png(), "a.png", "image/png", (await t.signup()).token)).status).toBe(200);
    t.setNow(t.now() + 3_600_001);
    expect((await upload("image", await png(), "a.png", "image/png")).status).toBe(200);

    await updateConfig(t.deps, me.user, { uploadsPerHour: 100, uploadMbPerDay: 1 });
    const big = Buffer.from(
      await sharp({ create: { width: 900, height: 900, channels: 3, background: "#888" } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    const over = await upload("image", big, "big.png", "image/png");
    expect([over.status, over.body.message]).toEqual([429, "今日上传已达上限（1MB），请明天再试"]);
  });
});

describe("uploads nothing uses", () => {
  it("are removed with their thumbnails after a day; those a work, a background or a node uses stay", async () => {
    const png = async () => Buffer.from(await picture(700, 500).png().toBuffer());
    const [used, background, unused, fresh] = [
      (await upload("image", await png(), "a.png", "image/png")).body.data,
      (await upload("image", await png(), "b.png", "image/png")).body.data,
      (await upload("image", await png(), "c.png", "image/png")).body.data,
      null,
    ];
    // The first member is the owner, who makes a node to publish in.
    const made = await t.send(api.admin.createNode, { body: { name: "插画" } }, { token: me.token });
    const node = made.body.data.nodeId;
    const work = await t.send(
      api.works.create,
      { body: { type: 1, nodeId: node, content: "一幅画", images: JSON.stringify([{ url: used.url, alt: "" }]) } },
      { token: me.token },
    );
    expect(work.body.success).toBe(true);
    await t.send(api.people.background, { body: { backgroundImage: background.url } }, { token: me.token });
    t.setNow(t.now() + UNUSED_UPLOAD_GRACE_MS - 1000);
    const late = (await upload("image", await png(), "d.png", "image/png")).body.data;
    expect(fresh).toBeNull();
    expect(await sweepUnusedUploads(t.deps)).toBe(0);
    t.setNow(t.now() + 2000);
    expect(await sweepUnusedUploads(t.deps)).toBe(1);
    const left = (await t.db.selectFrom("uploads").select("url").orderBy("id").execute()).map((r) => r.url);
    expect(left).toEqual([used.url, background.url, late.url]);
    expect(await t.stored(unused.url)).toBeNull();
    for (const thumb of Object.values(unused.variants)) expect(await t.stored(thumb)).toBeNull();
    expect(await t.stored(used.url)).not.toBeNull();
    expect(Object.keys(used.variants).length).toBeGreaterThan(0);
  });

  it("keep a picture an article puts in its text, and let go of one its text only names in passing", async () => {
    const png = async () => Buffer.from(await picture(300, 200).png().toBuffer());
    const [inText, named] = [
      (await upload("image", await png(), "a.png", "image/png")).body.data,
      (await upload("image", await png(), "b.png", "image/png")).body.data,
    ];
    const node = (await t.send(api.admin.createNode, { body: { name: "随笔" } }, { token: me.token })).body.data.nodeId;
    const made = await t.send(
      api.works.create,
      {
        body: {
          type: 0,
          nodeId: node,
          title: "图文",
          content: `第一段\n\n![草图](${inText.url})\n\n提到 ${named.url} 而已`,
        },
      },
      { token: me.token },
    );
    expect(made.body.success).toBe(true);
    t.setNow(t.now() + UNUSED_UPLOAD_GRACE_MS + 1000);
    expect(await sweepUnusedUploads(t.deps)).toBe(1);
    expect(await t.stored(inText.url)).not.toBeNull();
    expect(await t.stored(named.url)).toBeNull();
  });
});
