import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";
import type { ImageUpload } from "../../api/services/works/uploads.ts";

// Serving a work's pictures as its author asks (issue 35): server/media.ts pictureGuard.
let t: TestSite;
let token: string;
let nodeId: number;
beforeAll(async () => {
  t = await startSite();
  token = (await t.member("painter")).token;
  const nodes = (await (await t.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
  nodeId = nodes.data[0].nodeId;
});
afterAll(async () => t.close());

const api = (path: string, body: BodyInit, extra: Record<string, string> = {}) =>
  t.send(path, { method: "POST", headers: { "X-User-Token": token, ...extra }, body });

async function upload(): Promise<ImageUpload> {
  const jpeg = await sharp({ create: { width: 1500, height: 900, channels: 3, background: "#264653" } })
    .jpeg()
    .toBuffer();
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(jpeg)], "a.jpg", { type: "image/jpeg" }));
  return ((await (await api("/api/upload", fd)).json()) as { data: ImageUpload }).data;
}

async function publish(picture: ImageUpload, rights: Record<string, string>) {
  const body = new URLSearchParams({
    type: "1",
    nodeId: String(nodeId),
    content: "一张画",
    images: JSON.stringify([{ url: picture.url, alt: "" }]),
    ...rights,
  });
  const res = await api("/api/art/create", body, { "Content-Type": "application/x-www-form-urlencoded" });
  return ((await res.json()) as { data: { artId: number } }).data.artId;
}

describe("a work's pictures as served", () => {
  it("withholds the stored picture of a work that offers only display sizes, and asks crawlers to keep off", async () => {
    const picture = await upload();
    // Before any work shows it, a new upload is kept from AI like a work is by default.
    expect((await t.get(picture.url)).headers.get("x-robots-tag")).toBe("noai, noimageai");
    await publish(picture, { offerOriginal: "0", noai: "1" });
    expect((await t.get(picture.url)).status).toBe(404);
    const thumb = await t.get(picture.variants["1280"]);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("x-robots-tag")).toBe("noai, noimageai");
    expect(thumb.headers.get("content-type")).toBe("image/webp");
  });

  it("serves every file of a work that offers its pictures and allows AI, without the crawler header", async () => {
    const picture = await upload();
    await publish(picture, { offerOriginal: "1", noai: "0" });
    for (const url of [picture.url, picture.variants["640"]]) {
      const res = await t.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("x-robots-tag"), url).toBeNull();
    }
  });

  it("serves a watermarked work's pictures marked only, by any address, even with the original offered", async () => {
    const picture = await upload();
    const artId = await publish(picture, { offerOriginal: "1", noai: "0", watermark: "se" });
    const work = ((await (await t.get(`/api/art/${artId}`)).json()) as { data: { images: ImageUpload[] } }).data;
    const shown = work.images[0];
    // The page offers the marked sizes only: the largest marked one stands for the picture.
    expect(shown.url).toMatch(/-1280-wm[0-9a-f]{10}\.webp$/);
    for (const url of [shown.url, ...Object.values(shown.variants)]) {
      expect(url).toMatch(/-wm[0-9a-f]{10}\.webp$/);
      expect((await t.get(url)).status, url).toBe(200);
    }
    // Editing the address to the unmarked files finds nothing.
    for (const url of [picture.url, ...Object.values(picture.variants)])
      expect((await t.get(url)).status, url).toBe(404);
    expect(await (await t.get(`/art/${artId}`)).text()).not.toContain(picture.variants["1280"]);
  });

  it("answers 404 for a path no upload names, as before", async () => {
    expect((await t.get("/uploads/2026/01/nothing-here.webp")).status).toBe(404);
    // A path that climbs out is read as the URL parser leaves it: never the database file.
    expect(await (await t.get("/uploads/../site.db")).text()).not.toContain("SQLite format");
  });
});
