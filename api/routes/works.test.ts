import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { melodyWav } from "../seed/art.ts";
import { insertNode, startApi, type TestApi } from "../test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import type { AudioUpload, ImageUpload } from "../services/works/uploads.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let me: Session;
let other: Session;
let node: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "siteowner" });
  me = await t.signup({ username: "painter" });
  other = await t.signup({ username: "stranger" });
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

async function uploadImage(token = me.token): Promise<ImageUpload> {
  const fd = new FormData();
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  fd.set("image", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
  return (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token })).body.data;
}
async function uploadAudio(token = me.token): Promise<AudioUpload> {
  const fd = new FormData();
  fd.set("audio", new File([new Uint8Array(melodyWav(3, 5))], "a.wav", { type: "audio/wav" }));
  return (await t.call<AudioUpload>("POST", "/api/upload/audio", { body: fd, token })).body.data;
}

const create = (body: Record<string, string | number>, token = me.token) =>
  t.send(api.works.create, { body: { nodeId: node, ...body } }, { token });
const detail = async (id: number) => (await t.send(api.works.detail, { params: { id } })).body.data;
const count = async (table: "tags" | "works") => (await t.db.selectFrom(table).select("id").execute()).length;

describe("publishing each kind of work", () => {
  it("an article: titled Markdown with a gallery, node and tags", async () => {
    const [a, b] = [await uploadImage(), await uploadImage()];
    const res = await create({
      type: 0,
      title: "雨夜的便利店",
      content: "## 创作过程\n\n先画线稿，再上色。",
      tags: "水彩, 夜景 #练习",
      images: JSON.stringify([
        { url: a.url, alt: "第一张" },
        { url: b.url, alt: "第二张" },
      ]),
      cover: b.url,
    });
    expect(res.body.success).toBe(true);
    const w = await detail(res.body.data.artId);
    expect(w).toMatchObject({ type: 0, title: "雨夜的便利店", node: { nodeId: node }, imageCount: 2 });
    expect(w.cover?.url).toBe(b.url);
    expect(w.images.map((i) => i.alt)).toEqual(["第一张", "第二张"]);
    expect(w.images[0].variants).toMatchObject({
      "320": expect.stringMatching(/-320\.webp$/),
      "640": expect.stringMatching(/-640\.webp$/),
    });
    expect(w.tags.map((x) => x.name).sort()).toEqual(["夜景", "水彩", "练习"].sort());
    expect(w.contentHtml).toContain("<h2>创作过程</h2>");
  });

  it("a short post: the content is its title, up to 18 pictures", async () => {
    const pics = await Promise.all(Array.from({ length: 3 }, () => uploadImage()));
    const res = await create({
      type: 1,
      title: "ignored",
      content: "今天的练习",
      images: JSON.stringify(pics.map((p) => ({ url: p.url, alt: "" }))),
    });
    const w = await detail(res.body.data.artId);
    expect(w).toMatchObject({ type: 1, title: "", content: "今天的练习", imageCount: 3 });
    const tooMany = await create({
      type: 1,
      content: "太多了",
      images: JSON.stringify(Array.from({ length: 19 }, () => ({ url: pics[0].url, alt: "" }))),
    });
    expect(tooMany.body.message).toBe("最多18张图片");
  });

  it("a project: name, summary, homepage, logo and Markdown description", async () => {
    const logo = await uploadImage();
    const res = await create({
      type: 2,
      title: "墨韵",
      summary: "字帖生成器",
      url: "https://example.com/moyun",
      logo: logo.url,
      content: "- 开源",
    });
    expect(await detail(res.body.data.artId)).toMatchObject({
      type: 2,
      title: "墨韵",
      summary: "字帖生成器",
      url: "https://example.com/moyun",
      logo: logo.url,
    });
  });

  it("a link: where it goes, its title and summary", async () => {
    const res = await create({
      type: 3,
      title: "中国传统色",
      url: "http://example.com/colors",
      summary: "三百多种颜色",
    });
    expect(await detail(res.body.data.artId)).toMatchObject({
      type: 3,
      url: "http://example.com/colors",
      summary: "三百多种颜色",
    });
  });

  it("music: an uploaded audio file whose duration comes from the file", async () => {
    const audio = await uploadAudio();
    const cover = await uploadImage();
    const res = await create({
      type: 4,
      title: "雨停之后",
      content: "钢琴小品",
      audio: audio.url,
      images: JSON.stringify([{ url: cover.url, alt: "封面" }]),
    });
    expect(await detail(res.body.data.artId)).toMatchObject({
      type: 4,
      audio: audio.url,
      duration: 5,
      cover: { url: cover.url },
    });
    expect((await create({ type: 4, title: "没有音频" })).body.message).toBe("请上传音频文件");
  });

  it("creates tags on first use, one per name whatever the case, and counts works in node, tag and author", async () => {
    await create({ type: 1, content: "一", tags: "Blender 水彩" });
    await create({ type: 1, content: "二", tags: "blender, BLENDER" });
    const tags = await t.db.selectFrom("tags").select(["name", "work_count"]).orderBy("name").execute();
    expect(tags).toEqual([
      { name: "Blender", work_count: 2 },
      { name: "水彩", work_count: 1 },
    ]);
    const n = await t.db.selectFrom("nodes").select("work_count").where("id", "=", node).executeTakeFirstOrThrow();
    expect(n.work_count).toBe(2);
    const u = await t.db
      .selectFrom("users")
      .select("work_count")
      .where("id", "=", me.user.id)
      .executeTakeFirstOrThrow();
    expect(u.work_count).toBe(2);
  });
});

describe("a card is what a card draws", () => {
  it("carries one avatar and no counts it does not show; a link its address, music its length", async () => {
    const audio = await uploadAudio();
    const ids = {
      article: (await create({ type: 0, title: "长文", content: "一段正文" })).body.data.artId,
      untitled: (await create({ type: 1, content: "没有标题的速写" })).body.data.artId,
      link: (await create({ type: 3, title: "色卡", url: "http://example.com/c", summary: "颜色" })).body.data.artId,
      music: (await create({ type: 4, title: "雨", audio: audio.url })).body.data.artId,
    };
    const cards = (await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest")).body.data.results;
    const card = (id: number) => cards.find((c) => c.artId === id) as unknown as Record<string, unknown>;
    for (const c of cards) {
      for (const field of ["commentCount", "viewCount", "content", "images"]) expect(c).not.toHaveProperty(field);
      expect(Object.keys(c.user).sort()).toEqual(["id", "nickname", "smallAvatar", "username"]);
    }
    expect(card(ids.article)).toMatchObject({ title: "长文", summary: "一段正文" });
    expect(card(ids.article)).not.toHaveProperty("url");
    expect(card(ids.untitled)).toMatchObject({ title: "", summary: "没有标题的速写" });
    expect(card(ids.link)).toMatchObject({ url: "http://example.com/c", summary: "颜色" });
    expect(card(ids.link)).not.toHaveProperty("duration");
    expect(card(ids.music)).toMatchObject({ duration: 5 });
    expect(card(ids.music)).not.toHaveProperty("url");
    // The page has the whole work, counts and all.
    expect(await detail(ids.article)).toMatchObject({ summary: "一段正文", commentCount: 0, viewCount: 0, url: "" });
  });
});

describe("cards of long works", () => {
  it("show a short plain excerpt from the head of the text while the page keeps all of it", async () => {
    const body = `## 长文\n\n**开头**的一段话。${"正文".repeat(20_000)}结尾`;
    const { artId } = (await create({ type: 0, title: "很长的文章", content: body })).body.data;
    const list = await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest");
    const card = list.body.data.results.find((c) => c.artId === artId)!;
    expect(card.summary).toMatch(/^长文 开头的一段话。正文正文/);
    expect(card.summary.length).toBeLessThanOrEqual(121);
    expect((await detail(artId)).content).toBe(body);
  });
});

describe("bad input changes nothing", () => {
  it.each([
    [{ type: 0, title: "", content: "正文" }, "请输入标题"],
    [{ type: 0, title: "标", content: "" }, "请输入正文"],
    [{ type: 0, title: "标".repeat(101), content: "x" }, "标题不能超过100个字符"],
    [{ type: 1, content: "" }, "请输入内容"],
    [{ type: 1, content: "字".repeat(2001) }, "动态内容不能超过2000个字符"],
    [{ type: 4, title: "歌", content: "字".repeat(2001) }, "作品介绍不能超过2000个字符"],
    [{ type: 2, title: "项目", url: "https://example.com", content: "字".repeat(50_001) }, "内容不能超过50000个字符"],
    [{ type: 0, title: "t", content: "x".repeat(50_001) }, "内容不能超过50000个字符"],
    [{ type: 1, content: "x", nodeId: "" }, "请选择节点"],
    [{ type: 1, content: "x", nodeId: 9999 }, "节点不存在"],
    [{ type: 1, content: "x", tags: "一 二 三 四 五 六" }, "标签最多5个"],
    [{ type: 1, content: "x", tags: "字".repeat(21) }, "每个标签不能超过20个字符"],
    [{ type: 3, title: "坏链接", url: "javascript:alert(1)" }, "链接需以 http:// 或 https:// 开头"],
    [{ type: 2, title: "项目", url: "ftp://example.com" }, "链接需以 http:// 或 https:// 开头"],
    [{ type: 3, title: "无链接" }, "请输入链接"],
    [{ type: 9, content: "x" }, "作品类型无效"],
    [{ type: 1, content: "x", images: "{not json" }, "图片信息格式不正确"],
  ])("%o → %s", async (body, message) => {
    const res = await create(body as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await count("works")).toBe(0);
    expect(await count("tags")).toBe(0);
  });

  it("refuses pictures and audio that are not the author's own uploads", async () => {
    const theirs = await uploadImage(other.token);
    const res = await create({ type: 1, content: "借图", images: JSON.stringify([{ url: theirs.url, alt: "" }]) });
    expect(res.body.message).toBe("图片无效，请重新上传");
    const made = await create({
      type: 1,
      content: "编造",
      images: JSON.stringify([{ url: "/uploads/2026/11/made-up.webp", alt: "" }]),
    });
    expect(made.body.message).toBe("图片无效，请重新上传");
    const theirAudio = await uploadAudio(other.token);
    expect((await create({ type: 4, title: "偷来的歌", audio: theirAudio.url })).body.message).toBe(
      "音频无效，请重新上传",
    );
    expect(await count("works")).toBe(0);
  });

  it("needs sign-in", async () => {
    expect((await t.send(api.works.create, { body: { type: 1, content: "x", nodeId: node } })).status).toBe(401);
  });
});

describe("editing and deleting", () => {
  it("lets the author edit: fields, tags and node, keeping the kind", async () => {
    const other2 = await insertNode(t, "摄影");
    const { artId } = (await create({ type: 0, title: "旧标题", content: "旧", tags: "甲 乙" })).body.data;
    const res = await t.send(
      api.works.update,
      { params: { id: artId }, body: { type: 1, nodeId: other2, title: "新标题", content: "新", tags: "乙 丙" } },
      { token: me.token },
    );
    expect(res.body.success).toBe(true);
    const w = await detail(artId);
    expect(w).toMatchObject({ type: 0, title: "新标题", content: "新", node: { nodeId: other2 } });
    expect(w.tags.map((x) => x.name).sort()).toEqual(["丙", "乙"].sort());
    const counts = Object.fromEntries(
      (await t.db.selectFrom("tags").select(["name", "work_count"]).execute()).map((r) => [r.name, r.work_count]),
    );
    expect(counts).toEqual({ 甲: 0, 乙: 1, 丙: 1 });
    const nodes = await t.db.selectFrom("nodes").select(["id", "work_count"]).orderBy("id").execute();
    expect(nodes.map((n) => n.work_count)).toEqual([0, 1]);
  });

  it("refuses someone else's work (403) but lets the owner or an admin edit and delete it", async () => {
    const { artId } = (await create({ type: 1, content: "我的" })).body.data;
    const edit = await t.send(
      api.works.update,
      { params: { id: artId }, body: { type: 1, nodeId: node, content: "改掉" } },
      { token: other.token },
    );
    expect(edit).toMatchObject({ status: 403, body: { message: "只能编辑或删除自己的作品" } });
    expect((await t.send(api.works.delete, { params: { id: artId } }, { token: other.token })).status).toBe(403);
    expect((await detail(artId)).content).toBe("我的");
    const byOwner = await t.send(
      api.works.update,
      { params: { id: artId }, body: { type: 1, nodeId: node, content: "站长修改" } },
      { token: owner.token },
    );
    expect(byOwner.body.success).toBe(true);
    expect((await t.send(api.works.delete, { params: { id: artId } }, { token: owner.token })).body.success).toBe(true);
  });

  it("removes a deleted work from every list and its page, and from the counts", async () => {
    const { artId } = (await create({ type: 1, content: "将被删除", tags: "临时" })).body.data;
    expect((await t.send(api.works.delete, { params: { id: artId } }, { token: me.token })).body.success).toBe(true);
    expect((await t.send(api.works.detail, { params: { id: artId } })).status).toBe(404);
    for (const q of ["order=newest", "order=recommend", `nodeId=${node}`]) {
      expect((await t.call<Page<WorkCardView>>("GET", `/api/art/list?${q}`)).body.data.results).toEqual([]);
    }
    const tag = await t.db.selectFrom("tags").select("work_count").executeTakeFirstOrThrow();
    expect(tag.work_count).toBe(0);
    expect((await t.send(api.works.delete, { params: { id: artId } }, { token: me.token })).status).toBe(404);
  });
});
