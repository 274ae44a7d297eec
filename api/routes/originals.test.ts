import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, startApi, type TestApi } from "../test/harness.ts";
import { drawing } from "../test/drawing.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
let owner: Session;
let painter: Session;
let copier: Session;
let node: number;
beforeEach(async () => {
  t = await startApi();
  owner = await t.signup({ username: "siteowner" });
  painter = await t.signup({ username: "painter" });
  copier = await t.signup({ username: "copier" });
  node = await insertNode(t, "插画");
});
afterEach(async () => t.close());

async function upload(who: Session, bytes: Buffer): Promise<ImageUpload> {
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(bytes)], "a.png", { type: "image/png" }));
  const res = await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: who.token });
  expect(res.body.message).toBe("");
  return res.body.data;
}
async function publish(who: Session, ups: ImageUpload[], extra: Record<string, string> = {}) {
  const res = await t.call<{ artId: number }>("POST", "/api/art/create", {
    body: {
      type: 1,
      nodeId: node,
      content: "一张画",
      images: JSON.stringify(ups.map((u) => ({ url: u.url, alt: "" }))),
      ...extra,
    },
    token: who.token,
  });
  expect(res.body.message).toBe("");
  return res.body.data.artId;
}
const card = async (id: number) => (await t.send(api.works.detail, { params: { id } })).body.data;
const told = async (who: Session) =>
  (await t.send(api.inbox.notifications, { query: {} }, { token: who.token })).body.data.results;
const reports = async () =>
  (await t.send(api.admin.reports, { query: { status: "open" } }, { token: owner.token })).body.data.results;

describe("originals protected", () => {
  it("marks a work whose pictures are like nothing earlier as verified original", async () => {
    const first = await publish(painter, [
      await upload(painter, await drawing(1)),
      await upload(painter, await drawing(2)),
    ]);
    expect((await card(first)).original).toBe(true);
    // The card in the lists carries it too.
    const list = await t.send(api.works.list, { query: { order: "newest" } });
    expect(list.body.data.results.find((w) => w.artId === first)?.original).toBe(true);
    // A blank picture has no print, so nothing can be said of it: no mark; nor for a repost.
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#5b8c85" } })
      .png()
      .toBuffer();
    expect((await card(await publish(painter, [await upload(painter, blank)]))).original).toBeUndefined();
    const repost = await publish(painter, [await upload(painter, await drawing(3))], {
      origin: "repost",
      sourceUrl: "https://example.com/a",
      sourceAuthor: "某人",
    });
    expect((await card(repost)).original).toBeUndefined();
  });

  it("flags another member's copy, re-encoded and resized, to its author, the original's author and the admins, once", async () => {
    const original = await publish(painter, [await upload(painter, await drawing(7))]);
    const copy = await sharp(await drawing(7))
      .resize(500)
      .jpeg({ quality: 70 })
      .toBuffer();
    const taken = await publish(copier, [await upload(copier, await drawing(8)), await upload(copier, copy)]);
    expect((await card(taken)).original).toBeUndefined();
    expect((await card(original)).original).toBe(true);

    const mine = (await told(copier)).filter((n) => n.kind === "copy");
    expect(mine).toMatchObject([{ work: { artId: taken }, detail: `/art/${original}`, actor: null }]);
    const theirs = (await told(painter)).filter((n) => n.kind === "copied");
    expect(theirs).toMatchObject([
      { work: { artId: taken }, detail: `/art/${original}`, actor: { id: copier.user.id } },
    ]);
    const [flag] = (await reports()).filter((r) => r.targetId === taken);
    expect(flag).toMatchObject({
      reason: "copyright",
      original: `/art/${original}`,
      reporter: { id: 0, nickname: "系统比对" },
    });
    expect(flag.detail).toMatch(/^系统比对：图片与 \/art\/\d+ 的图片相似（64 位中相差 \d 位）$/);

    // An edit finds the same pair and tells no one again.
    await t.call("POST", `/api/art/update/${taken}`, {
      body: {
        type: 1,
        nodeId: node,
        content: "改过的文字",
        images: JSON.stringify([{ url: (await card(taken)).images[1].url, alt: "" }]),
      },
      token: copier.token,
    });
    expect((await told(copier)).filter((n) => n.kind === "copy")).toHaveLength(1);
    expect((await told(painter)).filter((n) => n.kind === "copied")).toHaveLength(1);
    expect((await reports()).filter((r) => r.targetId === taken)).toHaveLength(1);
  });

  it("tells the original's author once however many works a copier puts the picture in", async () => {
    const original = await publish(painter, [await upload(painter, await drawing(51))]);
    const copy = await sharp(await drawing(51))
      .jpeg({ quality: 80 })
      .toBuffer();
    const works: number[] = [];
    for (let i = 0; i < 5; i++) works.push(await publish(copier, [await upload(copier, copy)]));
    expect((await told(painter)).filter((n) => n.kind === "copied")).toMatchObject([{ work: { artId: works[0] } }]);
    // Each work is its own to fix and to take down: its author and the admins hear of each, once.
    expect((await told(copier)).filter((n) => n.kind === "copy")).toHaveLength(5);
    expect((await reports()).map((r) => r.targetId).sort()).toEqual([...works].sort());
    expect((await card(original)).original).toBe(true);
  });

  it("flags a repost edited into an original, as if it had been one from the start", async () => {
    const bytes = await drawing(61);
    const original = await publish(painter, [await upload(painter, bytes)]);
    const up = await upload(copier, bytes);
    const repost = { origin: "repost", sourceUrl: "https://example.com/a", sourceAuthor: "某人" };
    const taken = await publish(copier, [up], repost);
    expect(await reports()).toHaveLength(0);
    await t.call("POST", `/api/art/update/${taken}`, {
      body: { type: 1, nodeId: node, content: "其实是我画的", images: JSON.stringify([{ url: up.url, alt: "" }]) },
      token: copier.token,
    });
    expect((await told(copier)).filter((n) => n.kind === "copy")).toMatchObject([{ detail: `/art/${original}` }]);
    expect((await reports()).map((r) => r.targetId)).toEqual([taken]);
    expect((await card(taken)).original).toBeUndefined();
    // The original's author heard of it once, at the repost.
    expect((await told(painter)).filter((n) => n.kind === "copied")).toHaveLength(1);
  });

  it("tells only the original's author of a repost, and no one of the author's own picture used again", async () => {
    const bytes = await drawing(11);
    const original = await publish(painter, [await upload(painter, bytes)]);
    await publish(copier, [await upload(copier, bytes)], {
      origin: "repost",
      sourceUrl: `http://yishe.test/art/${original}`,
      sourceAuthor: "painter",
    });
    expect((await told(copier)).filter((n) => n.kind === "copy")).toHaveLength(0);
    expect((await told(painter)).filter((n) => n.kind === "copied")).toHaveLength(1);
    expect(await reports()).toHaveLength(0);
    // The painter's own picture again, in a new work: nothing to tell, and still original.
    const again = await publish(painter, [await upload(painter, bytes)]);
    expect((await card(again)).original).toBe(true);
    expect((await told(painter)).filter((n) => n.kind === "copy")).toHaveLength(0);
  });

  it("does not take a picture uploaded earlier by someone whose work is gone as an original", async () => {
    const bytes = await drawing(21);
    const gone = await publish(painter, [await upload(painter, bytes)]);
    await t.call("POST", `/api/art/delete/${gone}`, { body: {}, token: painter.token });
    const later = await publish(copier, [await upload(copier, bytes)]);
    expect((await told(painter)).filter((n) => n.kind === "copied")).toHaveLength(0);
    // Like an earlier picture, though: not verified original.
    expect((await card(later)).original).toBeUndefined();
  });
});

describe("版权申诉", () => {
  it("asks for the original and the evidence, tells the author, and on a decision tells both sides, audited", async () => {
    const work = await publish(copier, [await upload(copier, await drawing(31))]);
    const claim = (body: Record<string, string>) =>
      t.call("POST", "/api/report", {
        body: { target: "work", targetId: String(work), reason: "copyright", ...body },
        token: painter.token,
      });
    expect((await claim({ original: "javascript:alert(1)", detail: "我画的" })).body).toMatchObject({
      success: false,
      data: { fieldErrors: { original: "请填写原作的地址（本站作品或其他网站的链接）" } },
    });
    expect(
      ((await claim({ original: "/art/1" })).body.data as { fieldErrors: Record<string, string> }).fieldErrors.detail,
    ).toBe("请说明你是原作者的依据，如创作过程、原始文件");
    expect(await reports()).toHaveLength(0);
    expect(
      (await claim({ original: "https://www.pixiv.net/artworks/1", detail: "线稿与分层文件都在我这里" })).body.success,
    ).toBe(true);
    expect((await told(copier)).filter((n) => n.kind === "claim")).toMatchObject([
      { work: { artId: work }, detail: "收到一份版权申诉，管理员核实后会告诉你结果", actor: null },
    ]);
    const [filed] = await reports();
    expect(filed).toMatchObject({ original: "https://www.pixiv.net/artworks/1", detail: "线稿与分层文件都在我这里" });

    const decided = await t.call("POST", `/api/admin/reports/${filed.reportId}`, {
      body: { action: "dismiss", note: "" },
      token: owner.token,
    });
    expect(decided.body.success).toBe(true);
    expect((await told(copier)).filter((n) => n.kind === "claim").map((n) => n.detail)).toContain(
      "的版权申诉经核实已驳回",
    );
    expect((await told(painter)).find((n) => n.kind === "report")?.detail).toBe("经核实未发现违规");
    const log = (await t.send(api.admin.audit, { query: {} }, { token: owner.token })).body.data.results as {
      action: string;
      targetId: number;
    }[];
    expect(log[0]).toMatchObject({ action: "report.dismiss", targetId: filed.reportId });
  });

  it("takes the work down on a claim upheld, and its original mark with it", async () => {
    const work = await publish(copier, [await upload(copier, await drawing(41))]);
    expect((await card(work)).original).toBe(true);
    await t.call("POST", "/api/report", {
      body: {
        target: "work",
        targetId: String(work),
        reason: "copyright",
        original: "/art/1",
        detail: "这是我去年的画",
      },
      token: painter.token,
    });
    const [filed] = await reports();
    await t.call("POST", `/api/admin/reports/${filed.reportId}`, {
      body: { action: "hide", note: "原图已核实" },
      token: owner.token,
    });
    expect((await t.send(api.works.detail, { params: { id: work } })).status).toBe(404);
    expect((await told(copier)).find((n) => n.kind === "hidden")?.detail).toBe("被举报：侵犯版权（原图已核实）");
    const row = await t.db
      .selectFrom("works")
      .select("original_verified")
      .where("id", "=", work)
      .executeTakeFirstOrThrow();
    expect(row.original_verified).toBe(0);
  });
});
