import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { melodyWav } from "../../api/seed/art.ts";
import { testS3 } from "../../api/test/s3.ts";
import { startSite, type TestSite } from "./test-site.ts";

// STORAGE=s3: a site whose media lives in a local S3-compatible store, as several servers would share it.
let s3: Awaited<ReturnType<typeof testS3>>;
let s: TestSite;
let token: string;
beforeAll(async () => {
  s3 = await testS3();
  s = await startSite({ ...s3.env, DEMO_CONTENT: "1" });
  token = (await s.member("cunchu")).token;
}, 120_000);
afterAll(async () => {
  await s.close();
  await s3.close();
});

function upload(field: "image" | "audio", bytes: Buffer, name: string, type: string) {
  const fd = new FormData();
  fd.set(field, new File([new Uint8Array(bytes)], name, { type }));
  return s.send(field === "image" ? "/api/upload" : "/api/upload/audio", {
    method: "POST",
    headers: { "X-User-Token": token },
    body: fd,
  });
}
const uploads = async () => (await s.site.database!.db.selectFrom("uploads").select("id").execute()).length;
const onDisk = (url: string) => existsSync(path.join(s.dir, url));

describe("with STORAGE=s3", () => {
  it("puts the demo's pictures in the store and serves them through the site", async () => {
    const res = await s.get("/uploads/demo/node-1.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("webp");
    expect(onDisk("uploads/demo/node-1.webp")).toBe(false);
  });

  it("stores an upload there, not on disk, and serves a track a part at a time", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c84" } })
      .png()
      .toBuffer();
    const image = (await (await upload("image", png, "a.png", "image/png")).json()) as { data: { url: string } };
    expect(image.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[\w-]+\.webp$/);
    expect(onDisk(image.data.url)).toBe(false);
    const picture = await s.get(image.data.url);
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/webp"]);

    const wav = melodyWav(7, 2);
    const track = (await (await upload("audio", wav, "a.wav", "audio/wav")).json()) as { data: { url: string } };
    const part = await s.get(track.data.url, { Range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${wav.length}`);
    expect(part.headers.get("content-type")).toBe("audio/wav");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(wav.subarray(0, 100));
    const whole = await s.send(track.data.url, { method: "HEAD" });
    expect([whole.status, whole.headers.get("content-length"), whole.headers.get("accept-ranges")]).toEqual([
      200,
      String(wav.length),
      "bytes",
    ]);
  });

  it("answers 404 for what it does not have, or for a path that climbs out", async () => {
    for (const p of [
      "/uploads/2026/01/none.webp",
      "/uploads/..%2Fsite.db",
      "/uploads/a/..%2F..%2Fsite.db",
      "/uploads/",
    ])
      expect([p, (await s.get(p)).status]).toEqual([p, 404]);
  });

  it("fails an upload with a message when the store refuses it, and refers to nothing", async () => {
    const before = await uploads();
    await s3.stop();
    try {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#48c" } })
        .png()
        .toBuffer();
      const res = await upload("image", png, "b.png", "image/png");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ success: false, message: "文件保存失败，请稍后再试" });
      expect(await uploads()).toBe(before);
    } finally {
      await s3.start();
    }
  });
});

describe("with S3_PUBLIC_URL", () => {
  it("sends browsers to the store's own address, and lets pages play media from it", async () => {
    const site = await startSite({ ...s3.env, S3_PUBLIC_URL: "https://media.example.com/yishe/" });
    try {
      const res = await site.get("/uploads/2026/11/a%20b.webp");
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("https://media.example.com/yishe/2026/11/a%20b.webp");
      const csp = (await site.get("/about")).headers.get("content-security-policy")!;
      expect(csp).toContain("media-src 'self' blob: https://media.example.com;");
    } finally {
      await site.close();
    }
  });
});
