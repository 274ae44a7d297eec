import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { FolderView } from "../../contract/folders/views.ts";
import { folderLimits } from "../../contract/shared/limits.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let author: Session;
let me: Session;
let other: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [author, me, other],
    node,
  } = await apiWith("painter", "collector", "stranger"));
});
afterEach(async () => t.close());

const publish = async (title: string) =>
  (await t.send(api.works.create, { body: { type: 0, nodeId: node, title, content: "正文" } }, { token: author.token }))
    .body.data.artId;
const create = async (name: string, isPublic = true, token = me.token) =>
  t.send(api.folders.create, { body: { name, public: isPublic ? "1" : "" } }, { token });
const put = (folderId: number, workId: number, on: boolean, token = me.token) =>
  t.send(api.folders.put, { params: { id: folderId }, body: { workId, on: on ? "1" : "" } }, { token });
const mine = async (workId?: number) =>
  (await t.call<FolderView[]>("GET", `/api/favorites/folders${workId ? `?workId=${workId}` : ""}`, { token: me.token }))
    .body.data;
const favoriteCount = async (id: number) =>
  (await t.send(api.works.detail, { params: { id } })).body.data.favoriteCount;

describe("favorite folders", () => {
  it("keep a work in several folders, favorite it with the first, and let it go from all when unfavorited", async () => {
    const [a, b] = [await publish("晨雾"), await publish("夜航")];
    const sketches = (await create("速写参考")).body.data.folderId;
    const colours = (await create("配色", false)).body.data.folderId;
    expect((await put(sketches, a, true)).body.data).toEqual({ has: true, workCount: 1 });
    await put(colours, a, true);
    await put(colours, a, true);
    await put(colours, b, true);
    expect(await favoriteCount(a)).toBe(1);
    expect((await mine(a)).map((f) => [f.name, f.has, f.workCount])).toEqual([
      ["速写参考", true, 1],
      ["配色", true, 2],
    ]);
    // Out of one folder, still favorited; unfavorited, out of every folder.
    await put(sketches, a, false);
    expect(await favoriteCount(a)).toBe(1);
    await t.send(api.works.unfavorite, { params: { id: a } }, { token: me.token });
    expect(await favoriteCount(a)).toBe(0);
    expect((await mine(a)).map((f) => [f.has, f.workCount])).toEqual([
      [false, 0],
      [false, 1],
    ]);
  });

  it("come with the work's page for its reader alone, each saying whether it holds the work", async () => {
    const w = await publish("晨雾");
    const sketches = (await create("速写参考")).body.data.folderId;
    await create("私藏", false);
    await put(sketches, w, true);
    const page = async (token?: string) =>
      (await t.send(api.works.detail, { params: { id: w } }, { token })).body.data.folders;
    expect((await page(me.token))?.map((f) => [f.name, f.has])).toEqual([
      ["速写参考", true],
      ["私藏", false],
    ]);
    // Opening the page (the counted view) answers the same.
    const viewed = (await t.send(api.works.view, { params: { id: w } }, { token: me.token })).body.data;
    expect(viewed.folders?.map((f) => f.has)).toEqual([true, false]);
    // Another member sees their own (none), a visitor none at all, and nobody the collector's private folder.
    expect(await page(other.token)).toEqual([]);
    expect(await page()).toBeNull();
  });

  it("shows a public folder to anyone and a private one to its owner alone, who alone may change either", async () => {
    const w = await publish("晨雾");
    const open = (await create("公开的")).body.data.folderId;
    const closed = (await create("私藏", false)).body.data.folderId;
    await put(open, w, true);
    await put(closed, w, true);
    const page = (await t.send(api.folders.one, { params: { id: open } })).body.data;
    expect([page.folder.name, page.user.username, page.works.results.map((x) => x.title)]).toEqual([
      "公开的",
      "collector",
      ["晨雾"],
    ]);
    expect((await t.send(api.folders.one, { params: { id: closed } }, { token: other.token })).status).toBe(404);
    expect((await t.send(api.folders.one, { params: { id: closed } }, { token: me.token })).status).toBe(200);
    const theirs = await t.send(api.folders.ofUser, { params: { userId: me.user.id } }, { token: other.token });
    expect(theirs.body.data.map((f) => f.name)).toEqual(["公开的"]);
    for (const res of [
      await put(open, w, false, other.token),
      await t.send(api.folders.update, { params: { id: open }, body: { name: "改名" } }, { token: other.token }),
      await t.send(api.folders.remove, { params: { id: open } }, { token: other.token }),
    ])
      expect(res.body.message).toBe("收藏夹不存在或未公开");
    // Deleting a folder leaves its works favorited.
    await t.send(api.folders.remove, { params: { id: open } }, { token: me.token });
    expect(await favoriteCount(w)).toBe(1);
  });

  it("refuses a name missing or too long, and more folders than a member may keep, in Chinese", async () => {
    expect((await create("")).body.message).toBe("请输入收藏夹名称");
    expect((await create("名".repeat(folderLimits.name + 1))).body.message).toBe(
      `收藏夹名称不能超过${folderLimits.name}个字符`,
    );
    for (let i = 0; i < folderLimits.perMember; i++) expect((await create(`夹${i}`)).body.success).toBe(true);
    expect((await create("再来一个")).body.message).toBe(`收藏夹最多${folderLimits.perMember}个`);
  });
});
