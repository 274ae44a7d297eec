import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [me],
    node,
  } = await apiWith("painter"));
});
afterEach(async () => t.close());

async function upload(colour: string): Promise<ImageUpload> {
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(image)], "a.png", { type: "image/png" }));
  return (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: me.token })).body.data;
}

const images = (...ups: ImageUpload[]) => JSON.stringify(ups.map((u) => ({ url: u.url, alt: "" })));
const save = (path: string, body: Record<string, string | number>) =>
  t.call<{ artId: number }>("POST", path, {
    body: { type: 1, nodeId: node, content: "三张画", ...body },
    token: me.token,
  });
const detail = async (id: number) => (await t.send(api.works.detail, { params: { id } })).body.data;
const card = async (id: number) =>
  (await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest")).body.data.results.find(
    (c) => c.artId === id,
  )!;

describe("a work's cover", () => {
  it("is the first picture in the list's order unless the author picks another", async () => {
    // Uploaded in one order, listed in another: the list decides.
    const [a, b, c] = [await upload("#aa0000"), await upload("#00aa00"), await upload("#0000aa")];
    const { artId } = (await save("/api/art/create", { images: images(c, a, b) })).body.data;
    expect((await card(artId)).cover?.url).toBe(c.url);
    await save(`/api/art/update/${artId}`, { images: images(c, a, b), cover: b.url });
    expect((await card(artId)).cover?.url).toBe(b.url);
    // Reordered, the picked one stays; removed, the first in the new order takes its place.
    await save(`/api/art/update/${artId}`, { images: images(a, b, c), cover: b.url });
    expect((await detail(artId)).cover?.url).toBe(b.url);
    await save(`/api/art/update/${artId}`, { images: images(a, c), cover: b.url });
    expect((await detail(artId)).cover?.url).toBe(a.url);
    expect((await detail(artId)).images.map((i) => i.url)).toEqual([a.url, c.url]);
  });

  it("is cropped for cards where the author chose, and centred when not", async () => {
    const a = await upload("#aa0000");
    const centred = (await save("/api/art/create", { images: images(a) })).body.data.artId;
    expect(await card(centred)).not.toHaveProperty("focus");
    const { artId } = (await save("/api/art/create", { images: images(a), coverX: "30", coverY: "0" })).body.data;
    expect((await card(artId)).focus).toEqual([30, 0]);
    expect((await detail(artId)).focus).toEqual([30, 0]);
    // An edit that leaves the crop out keeps it; one that names the centre has none.
    await save(`/api/art/update/${artId}`, { images: images(a) });
    expect((await card(artId)).focus).toEqual([30, 0]);
    await save(`/api/art/update/${artId}`, { images: images(a), coverX: "50", coverY: "50" });
    expect(await card(artId)).not.toHaveProperty("focus");
  });

  it("keeps no crop for a work without pictures", async () => {
    const { artId } = (await save("/api/art/create", { coverX: "10", coverY: "90" })).body.data;
    expect(await card(artId)).not.toHaveProperty("focus");
    expect(await t.db.selectFrom("works").select(["cover_x", "cover_y"]).executeTakeFirstOrThrow()).toEqual({
      cover_x: 50,
      cover_y: 50,
    });
  });

  it("refuses a crop outside the picture in Chinese, creating nothing", async () => {
    const a = await upload("#aa0000");
    const wrong: Record<string, string>[] = [{ coverX: "101" }, { coverY: "-1" }, { coverX: "中" }, { coverY: "12.5" }];
    for (const bad of wrong) {
      const res = await save("/api/art/create", { images: images(a), ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const fields = (res.body.data as unknown as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
      expect(Object.values(fields ?? {})).toContain("封面裁切位置无效");
    }
    expect(await t.db.selectFrom("works").select("id").execute()).toEqual([]);
  });
});
