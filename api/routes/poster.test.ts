import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import { posterLines } from "../services/works/poster.ts";
import * as declared from "../../contract/endpoints.ts";

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

async function publish(body: Record<string, string | number>) {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1e7a46" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
  const up = (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: me.token })).body.data;
  const images = JSON.stringify([{ url: up.url, alt: "" }]);
  return (
    await t.send(
      declared.works.create,
      { body: { type: 0, nodeId: node, title: "夏日海边", content: "正文", images, ...body } },
      { token: me.token },
    )
  ).body.data.artId;
}

const poster = (id: number) => t.api.request(`/api/art/poster/${id}`, {}, { clientIp: "" });

describe("a work's share poster", () => {
  it("is a PNG with the work's cover on top, drawn again when the work changes", async () => {
    const id = await publish({ noai: "0" });
    const res = await poster(id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-robots-tag")).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    const { width, height } = await sharp(bytes).metadata();
    expect([width, height]).toEqual([750, 1060]);
    const { data } = await sharp(bytes)
      .extract({ left: 20, top: 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The cover's green, give or take the stored picture's encoding.
    [0x1e, 0x7a, 0x46].forEach((c, i) => expect(Math.abs(data[i] - c)).toBeLessThan(6));
    t.setNow(t.now() + 1000);
    await t.send(
      declared.works.update,
      { params: { id }, body: { type: 0, nodeId: node, title: "夏日海边（修订）", content: "正文" } },
      { token: me.token },
    );
    const again = Buffer.from(await (await poster(id)).arrayBuffer());
    expect(again.equals(bytes)).toBe(false);
  });

  it("keeps a work kept from AI so, and has none for a work out of sight", async () => {
    const id = await publish({ noai: "1" });
    expect((await poster(id)).headers.get("x-robots-tag")).toBe("noai, noimageai");
    await t.send(declared.works.delete, { params: { id } }, { token: me.token });
    expect((await poster(id)).status).toBe(404);
    expect((await poster(99999)).status).toBe(404);
  });

  it("sets a title in at most two lines", () => {
    expect(posterLines("短标题")).toEqual(["短标题"]);
    expect(posterLines("一二三四五六七八九十一二三四五六七", 8)).toEqual(["一二三四五六七八", "九十一二三四五…"]);
    expect(posterLines("一二三四五六七八九十", 8)).toEqual(["一二三四五六七八", "九十"]);
    expect(posterLines("一二三四五六七八。", 8)).toEqual(["一二三四五六七八。"]);
  });
});
