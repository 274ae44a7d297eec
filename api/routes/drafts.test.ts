import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { draftLimits } from "../../contract/shared/limits.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import { sweepUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from "../services/works/uploads.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let other: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [me, other],
    node,
  } = await apiWith("painter", "stranger"));
});
afterEach(async () => t.close());

const save = (body: Record<string, string | number>, token = me.token) =>
  t.send(api.drafts.save, { body: { type: 1, ...body } }, { token });
const list = async (token = me.token) => (await t.send(api.drafts.list, {}, { token })).body.data;
const open = (id: number, token = me.token) => t.send(api.drafts.one, { params: { id } }, { token });

describe("drafts", () => {
  it("keeps the form as typed for its author, saved again in place, and lists the newest first", async () => {
    const first = (await save({ nodeId: node, content: "半句话", tags: "练习" })).body.data;
    t.setNow(t.now() + 1000);
    const second = (await save({ type: 0, title: "未完的文章", content: "# 开头" })).body.data;
    expect((await list()).map((d) => [d.draftId, d.label])).toEqual([
      [second.draftId, "未完的文章"],
      [first.draftId, "半句话"],
    ]);
    t.setNow(t.now() + 1000);
    const again = (await save({ draftId: first.draftId, nodeId: node, content: "半句话，又写了一句" })).body.data;
    expect(again.draftId).toBe(first.draftId);
    const opened = (await open(first.draftId)).body.data;
    expect(opened.values).toMatchObject({ nodeId: String(node), content: "半句话，又写了一句", tags: "" });
    expect((await list())[0].draftId).toBe(first.draftId);
    expect(await list(other.token)).toEqual([]);
  });

  it("is nobody else's to open, save over or delete", async () => {
    const { draftId } = (await save({ content: "私人草稿" })).body.data;
    expect((await open(draftId, other.token)).status).toBe(404);
    const over = await save({ draftId, content: "改掉你的" }, other.token);
    expect(over.status).toBe(404);
    expect(over.body.message).toBe("草稿不存在或已删除");
    expect((await t.send(api.drafts.remove, { params: { id: draftId } }, { token: other.token })).status).toBe(404);
    expect((await open(draftId)).body.data.values.content).toBe("私人草稿");
    expect((await t.send(api.drafts.list, {})).status).toBe(401);
    expect((await t.send(api.drafts.remove, { params: { id: draftId } }, { token: me.token })).body.success).toBe(true);
    expect((await open(draftId)).status).toBe(404);
  });

  it("refuses what is too long or of no kind in Chinese, and more drafts than a member may keep", async () => {
    const long = await save({ content: "字".repeat(50_001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("草稿内容不能超过50000个字符");
    expect((await save({ type: 9, content: "?" })).body.message).toBe("作品类型无效");
    for (let i = 0; i < draftLimits.perMember; i++)
      expect((await save({ content: `第${i}份` })).body.success).toBe(true);
    const more = await save({ content: "再来一份" });
    expect(more.body.message).toBe(`草稿最多保存${draftLimits.perMember}份，请先删除不需要的草稿`);
    expect(await list()).toHaveLength(draftLimits.perMember);
  });

  it("of an edit: one per work, of a work the member may edit", async () => {
    const { artId } = (
      await t.send(api.works.create, { body: { type: 1, nodeId: node, content: "原来的话" } }, { token: me.token })
    ).body.data;
    const a = (await save({ workId: artId, content: "改了一半" })).body.data;
    const b = (await save({ workId: artId, content: "改了大半" })).body.data;
    expect(b.draftId).toBe(a.draftId);
    expect((await list()).map((d) => d.workId)).toEqual([artId]);
    const theirs = await save({ workId: artId, content: "别人的" }, other.token);
    expect(theirs.status).toBe(403);
    expect(await list(other.token)).toEqual([]);
  });

  it("goes once the work it was is published, and not before", async () => {
    const { draftId } = (await save({ nodeId: node, content: "写好了" })).body.data;
    const refused = await t.send(
      api.works.create,
      { body: { type: 1, nodeId: node, content: "", draftId } },
      { token: me.token },
    );
    expect(refused.status).toBe(400);
    expect(await list()).toHaveLength(1);
    // Someone else's publish naming it takes nothing of it.
    await t.send(
      api.works.create,
      { body: { type: 1, nodeId: node, content: "我的", draftId } },
      { token: other.token },
    );
    expect(await list()).toHaveLength(1);
    const published = await t.send(
      api.works.create,
      { body: { type: 1, nodeId: node, content: "写好了", draftId } },
      { token: me.token },
    );
    expect(published.body.success).toBe(true);
    expect(await list()).toEqual([]);
  });

  it("keeps its pictures from the sweeper of unused uploads", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.set("image", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
    const up = (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: me.token })).body.data;
    const { draftId } = (await save({ content: "带图的草稿", images: JSON.stringify([{ url: up.url, alt: "" }]) })).body
      .data;
    t.setNow(t.now() + UNUSED_UPLOAD_GRACE_MS + 1000);
    await sweepUnusedUploads(t.deps);
    expect(await t.stored(up.url)).toBeTruthy();
    await t.send(api.drafts.remove, { params: { id: draftId } }, { token: me.token });
    await sweepUnusedUploads(t.deps);
    expect(await t.stored(up.url)).toBeFalsy();
  });
});
