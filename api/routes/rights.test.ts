import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { freshDatabase, insertNode, startApi, type TestApi } from "../test/harness.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
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

const GENERATED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
const xmpSaying = (sourceType: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ` +
  `xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ` +
  `xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:DigitalSourceType="${sourceType}"/>` +
  `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

async function upload(xmp?: string): Promise<ImageUpload> {
  let image = sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#aa5533" } }).jpeg();
  if (xmp) image = image.withXmp(xmp);
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(await image.toBuffer())], "a.jpg", { type: "image/jpeg" }));
  return (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: me.token })).body.data;
}

const create = (body: Record<string, string | number>) =>
  t.send(api.works.create, { body: { type: 1, nodeId: node, content: "一张画", ...body } }, { token: me.token });
const update = (id: number, body: Record<string, string | number>) =>
  t.send(
    api.works.update,
    { params: { id }, body: { type: 1, nodeId: node, content: "一张画", ...body } },
    { token: me.token },
  );
const detail = async (id: number) => (await t.send(api.works.detail, { params: { id } })).body.data;
const card = async (id: number) =>
  (await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest")).body.data.results.find(
    (c) => c.artId === id,
  )!;

describe("rights on a work", () => {
  it("starts with all rights kept, away from AI, the largest picture offered, no AI label", async () => {
    const { artId } = (await create({})).body.data;
    expect((await detail(artId)).rights).toEqual({
      license: "all-rights",
      source: null,
      ai: 0,
      aiFloor: 0,
      noai: true,
      offerOriginal: true,
      watermark: null,
    });
    const c = await card(artId);
    expect(c).not.toHaveProperty("ai");
    expect(c).not.toHaveProperty("repost");
  });

  it("keeps the licence, label and AI use the author chose, and the card shows the label", async () => {
    const { artId } = (await create({ license: "cc-by-nc", aiLabel: 2, noai: "0" })).body.data;
    expect((await detail(artId)).rights).toMatchObject({ license: "cc-by-nc", ai: 2, noai: false });
    expect((await card(artId)).ai).toBe(2);
    // An edit that leaves them out keeps them; one that names them changes them.
    await update(artId, { aiLabel: 1 });
    expect((await detail(artId)).rights).toMatchObject({ license: "cc-by-nc", ai: 1, noai: false });
    await update(artId, { license: "cc0", noai: "1" });
    expect((await detail(artId)).rights).toMatchObject({ license: "cc0", ai: 0, noai: true });
  });

  it("refuses an unknown licence or label in Chinese, and a repost without its source, creating nothing", async () => {
    const bad = [
      [{ license: "gpl" }, "许可协议无效"],
      [{ aiLabel: 5 }, "AI 标注无效"],
      [{ origin: "repost", sourceAuthor: "原作者甲" }, "转载请填写原文链接"],
      [
        { origin: "repost", sourceUrl: "javascript:alert(1)", sourceAuthor: "甲" },
        "原文链接需以 http:// 或 https:// 开头",
      ],
      [{ origin: "repost", sourceUrl: "https://example.com/a" }, "转载请填写原作者"],
    ] as const;
    for (const [body, message] of bad) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      const fields = (res.body.data as unknown as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
      expect(Object.values(fields ?? {})).toContain(message);
    }
    expect(await t.db.selectFrom("works").select("id").execute()).toEqual([]);
  });

  it("a repost names its source and keeps no licence of its own", async () => {
    const { artId } = (
      await create({ origin: "repost", sourceUrl: "https://example.com/a", sourceAuthor: "原作者甲", license: "cc0" })
    ).body.data;
    expect((await detail(artId)).rights).toMatchObject({
      license: "all-rights",
      source: { url: "https://example.com/a", author: "原作者甲" },
    });
    expect((await card(artId)).repost).toBe(true);
  });

  it("labels a work AI 生成 when its picture's metadata says so, and the author cannot take it off", async () => {
    const plain = await upload();
    const made = await upload(xmpSaying(GENERATED));
    expect(plain.aiFloor).toBe(0);
    expect(made.aiFloor).toBe(2);
    const images = JSON.stringify([made, plain].map((i) => ({ url: i.url, alt: "" })));
    const { artId } = (await create({ images, aiLabel: 0 })).body.data;
    expect((await detail(artId)).rights).toMatchObject({ ai: 2, aiFloor: 2 });
    await update(artId, { images, aiLabel: 0 });
    expect((await detail(artId)).rights).toMatchObject({ ai: 2, aiFloor: 2 });
    expect((await card(artId)).ai).toBe(2);
    // Without that picture the label is the author's again.
    await update(artId, { images: JSON.stringify([{ url: plain.url, alt: "" }]), aiLabel: 0 });
    expect((await detail(artId)).rights).toMatchObject({ ai: 0, aiFloor: 0 });
  });

  it("never answers the largest picture's address when the author does not offer it", async () => {
    const a = await upload();
    const b = await upload();
    const images = JSON.stringify([a, b].map((i) => ({ url: i.url, alt: "" })));
    const { artId } = (await create({ images, cover: b.url, offerOriginal: "0" })).body.data;
    const work = await detail(artId);
    expect(work.rights.offerOriginal).toBe(false);
    expect(work.images.map((i) => i.url)).toEqual([a.variants["1280"], b.variants["1280"]]);
    expect(work.images[0]).toMatchObject({ width: 1280, height: 800 });
    // The cover the author picked is still the cover, at its display size.
    expect(work.cover?.url).toBe(b.variants["1280"]);
    const answers = JSON.stringify([work, await card(artId)]);
    expect(answers).not.toContain(`"${a.url}"`);
    expect(answers).not.toContain(`"${b.url}"`);
    // Its edit form has the author's own uploads as stored.
    const editable = await t.send(api.works.editable, { params: { id: artId } }, { token: me.token });
    expect(editable.body.data.images.map((i) => i.url)).toEqual([a.url, b.url]);
    // Offered again, the largest is back.
    await update(artId, { images, cover: b.url, offerOriginal: "1" });
    expect((await detail(artId)).images.map((i) => i.url)).toEqual([a.url, b.url]);
  });

  it("starts a new work with the member's own defaults, which only they set", async () => {
    const set = (body: Record<string, string>, token?: string) =>
      t.send(api.account.rightsDefaults, { body }, { token });
    expect((await set({ license: "cc-by-sa", noai: "0" })).status).toBe(401);
    expect((await set({ license: "gpl", noai: "0" }, me.token)).body.message).toBe("许可协议无效");
    const saved = await set({ license: "cc-by-sa", noai: "0" }, me.token);
    expect(saved.body.data.rightsDefaults).toEqual({ license: "cc-by-sa", noai: false });
    const { artId } = (await create({})).body.data;
    expect((await detail(artId)).rights).toMatchObject({ license: "cc-by-sa", noai: false });
    // What the post names wins over the defaults.
    const own = (await create({ license: "cc0", noai: "1" })).body.data.artId;
    expect((await detail(own)).rights).toMatchObject({ license: "cc0", noai: true });
  });
});

describe("search without AI works", () => {
  it("leaves works labelled AI 生成 out when asked, and finds them again once their label changes", async () => {
    const made = (await create({ content: "水彩的山 模型画的", aiLabel: 2 })).body.data.artId;
    const helped = (await create({ content: "水彩的山 AI 帮了点忙", aiLabel: 1 })).body.data.artId;
    const drawn = (await create({ content: "水彩的山 手绘" })).body.data.artId;
    const found = async (body: Record<string, string>) =>
      (await t.send(api.search.works, { body: { keyword: "水彩", ...body } })).body.data.results
        .map((w) => w.artId)
        .sort();
    expect(await found({})).toEqual([made, helped, drawn].sort());
    expect(await found({ noAi: "1" })).toEqual([helped, drawn].sort());
    expect(await found({ noAi: "1", type: "1" })).toEqual([helped, drawn].sort());
    await update(made, { content: "水彩的山 模型画的", aiLabel: 0 });
    expect(await found({ noAi: "1" })).toEqual([made, helped, drawn].sort());
  });
});

describe("admins and reports", () => {
  it("filters works by AI label and licence, and takes reports of an unlabelled AI work", async () => {
    const made = (await create({ aiLabel: 2, license: "cc-by-nc" })).body.data.artId;
    const mine = (await create({ license: "cc-by-nc" })).body.data.artId;
    const repost = (
      await create({ origin: "repost", sourceUrl: "https://example.com/a", sourceAuthor: "甲", license: "cc-by-nc" })
    ).body.data.artId;
    const ids = async (query: string) =>
      (
        await t.call<{ results: { artId: number }[] }>("GET", `/api/admin/works?${query}`, { token: owner.token })
      ).body.data.results.map((w) => w.artId);
    expect(await ids("ai=2")).toEqual([made]);
    expect((await ids("ai=0")).sort()).toEqual([mine, repost].sort());
    // A repost has no licence of its own, whatever it was sent with.
    expect((await ids("license=cc-by-nc")).sort()).toEqual([made, mine].sort());
    expect((await t.send(api.admin.works, { query: { license: "gpl" } }, { token: owner.token })).body.message).toBe(
      "许可协议无效",
    );
    const report = await t.send(
      api.site.report,
      { body: { target: "work", targetId: mine, reason: "unlabeled-ai" } },
      { token: owner.token },
    );
    expect(report.status).toBe(200);
  });
});

describe("the migration that gives works their rights (0013)", () => {
  it("keeps all rights of the works and members there were, and keeps them away from AI: nobody was asked", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      await migrateToLatest(database, "0012_trust");
      await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at)
        values ('old', '老会员', '老会员', 'x', 0, 0)`.execute(database.db);
      await sql`insert into works (type, user_id, content, created_at, updated_at) values (1, 1, '旧作', 0, 0)`.execute(
        database.db,
      );
      await migrateToLatest(database);
      expect(
        await database.db
          .selectFrom("works")
          .select(["license", "source_url", "ai_label", "ai_floor", "noai", "offer_original"])
          .execute(),
      ).toEqual([{ license: "all-rights", source_url: "", ai_label: 0, ai_floor: 0, noai: 1, offer_original: 1 }]);
      expect(
        await database.db.selectFrom("users").select(["default_license", "default_noai", "hide_ai"]).execute(),
      ).toEqual([{ default_license: "all-rights", default_noai: 1, hide_ai: 0 }]);
    } finally {
      await database.drop();
    }
  });
});
