import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import { sweepUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from "../services/works/uploads.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let me: Session;
let node: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "siteowner" });
  me = await t.signup({ username: "painter" });
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

/** A flat grey picture: any mark on it shows as changed pixels. */
async function upload(width = 1600): Promise<ImageUpload> {
  const image = await sharp({ create: { width, height: 1000, channels: 3, background: "#777777" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(image)], "a.png", { type: "image/png" }));
  return (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: me.token })).body.data;
}

const post = (path: string, up: ImageUpload, extra: Record<string, string> = {}, token = me.token) =>
  t.call<{ artId: number }>("POST", path, {
    body: { type: 1, nodeId: node, content: "一张画", images: JSON.stringify([{ url: up.url, alt: "" }]), ...extra },
    token,
  });
const detail = async (id: number) => (await t.send(api.works.detail, { params: { id } })).body.data;

/** Raw pixels of a corner square of a stored file. */
async function corner(url: string, where: "nw" | "se") {
  const bytes = (await t.stored(url))!;
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const size = Math.round(width / 4);
  const left = where === "se" ? width - size : 0;
  const top = where === "se" ? height - Math.round(height / 4) : 0;
  return sharp(bytes)
    .extract({ left, top, width: size, height: Math.round(height / 4) })
    .raw()
    .toBuffer();
}

describe("a watermark", () => {
  it("is drawn in the chosen corner of every display size; the stored original stays as uploaded", async () => {
    const up = await upload();
    const before = await t.stored(up.url);
    const { artId } = (await post("/api/art/create", up, { watermark: "se", watermarkOpacity: "70" })).body.data;
    const work = await detail(artId);
    expect(work.rights.watermark).toEqual({ corner: "se", opacity: 70 });
    const image = work.images[0];
    // Offered or not, the stored picture (unmarked) is not: the largest marked size stands for it.
    expect(image.url).toBe(image.variants!["1280"]);
    expect(JSON.stringify(work)).not.toContain(`"${up.url}"`);
    expect(Object.keys(image.variants!)).toEqual(Object.keys(up.variants));
    for (const [width, url] of Object.entries(image.variants!)) {
      expect(url).toMatch(/-wm[0-9a-f]{10}\.webp$/);
      const clean = up.variants[width];
      expect(Buffer.compare(await corner(url, "se"), await corner(clean, "se"))).not.toBe(0);
      // Away from its corner the picture is untouched (the same encoder over the same pixels).
      expect(Buffer.compare(await corner(url, "nw"), await corner(clean, "nw"))).toBe(0);
    }
    expect(Buffer.compare((await t.stored(up.url))!, before!)).toBe(0);
  });

  it("with the original not offered, the largest marked size stands for the picture", async () => {
    const up = await upload();
    const made = await post("/api/art/create", up, { watermark: "nw", offerOriginal: "0" });
    const work = await detail(made.body.data.artId);
    expect(work.images[0].url).toBe(work.images[0].variants!["1280"]);
    expect(work.images[0].url).toMatch(/-1280-wm[0-9a-f]{10}\.webp$/);
    expect(JSON.stringify(work)).not.toContain(`"${up.url}"`);
  });

  it("marks a picture up to 1,280 px wide at its own width too, so no size shown is unmarked", async () => {
    const up = await upload(1000);
    expect(Object.keys(up.variants)).toEqual(["320", "640"]);
    const work = await detail((await post("/api/art/create", up, { watermark: "se" })).body.data.artId);
    expect(Object.keys(work.images[0].variants!)).toEqual(["320", "640", "1000"]);
    expect(work.images[0].url).toMatch(/-1000-wm[0-9a-f]{10}\.webp$/);
    expect(JSON.stringify(work)).not.toMatch(/-(320|640)\.webp"/);
  });

  it("marks a picture too small for display sizes as its own one display size", async () => {
    const up = await upload(300);
    expect(up.variants).toEqual({});
    const made = await post("/api/art/create", up, { watermark: "se", offerOriginal: "0" });
    const work = await detail(made.body.data.artId);
    expect(work.images[0].url).toMatch(/-300-wm[0-9a-f]{10}\.webp$/);
  });

  it("is the author's name whoever edits, is not drawn again for the same mark, and comes off", async () => {
    const up = await upload();
    const { artId } = (await post("/api/art/create", up, { watermark: "se" })).body.data;
    const marked = (await detail(artId)).images[0].variants;
    const files = (await t.storedKeys()).length;
    // The owner edits it, leaving the watermark as it stands: the same files, named by the author's mark.
    await post(`/api/art/update/${artId}`, up, {}, owner.token);
    expect((await detail(artId)).images[0].variants).toEqual(marked);
    expect((await t.storedKeys()).length).toBe(files);
    // Another opacity is another mark.
    await post(`/api/art/update/${artId}`, up, { watermarkOpacity: "30" });
    expect((await detail(artId)).images[0].variants).not.toEqual(marked);
    await post(`/api/art/update/${artId}`, up, { watermark: "none" });
    const work = await detail(artId);
    expect(work.rights.watermark).toBeNull();
    expect(work.images[0].variants).toEqual(up.variants);
  });

  it("refuses a corner or opacity it does not know", async () => {
    const up = await upload();
    expect((await post("/api/art/create", up, { watermark: "middle" })).body.message).toBe("水印位置无效");
    expect((await post("/api/art/create", up, { watermark: "se", watermarkOpacity: "99" })).body.message).toBe(
      "水印浓淡无效",
    );
  });

  it("goes with its picture when the sweeper removes an unused upload", async () => {
    const up = await upload();
    const other = await upload();
    const { artId } = (await post("/api/art/create", up, { watermark: "se" })).body.data;
    const marked = Object.values((await detail(artId)).images[0].variants!);
    // The picture is taken out of the work: a day later nothing uses it.
    await post(`/api/art/update/${artId}`, other, {});
    t.setNow(t.now() + UNUSED_UPLOAD_GRACE_MS + 1000);
    expect(await sweepUnusedUploads(t.deps)).toBe(1);
    for (const url of marked) expect(await t.stored(url)).toBeNull();
  });
});
