import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, insertWork, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { posterKey } from "../services/works/poster-store.ts";
import { msToChinaMinute } from "../../contract/shared/china-time.ts";
import * as declared from "../../contract/endpoints.ts";

/** The fourth review's smaller findings (issue 53): reports, titles, posters. */
let t: TestApi;
let owner: Session;
let author: Session;
let reader: Session;
let node: number;
beforeEach(async () => {
  ({
    t,
    members: [owner, author, reader],
    node,
  } = await apiWith("owner", "painter", "reader"));
});
afterEach(async () => t.close());

const create = (body: Record<string, string | number>, who = author) =>
  t.send(
    declared.works.create,
    { body: { type: 0, nodeId: node, title: "一幅画", content: "正文", ...body } },
    { token: who.token },
  );
const report = (targetId: number, who = reader) =>
  t.send(declared.site.report, { body: { target: "work", targetId, reason: "spam" } }, { token: who.token });

describe("reports", () => {
  it("answer a work scheduled ahead as a missing one: no oracle for what is not out yet", async () => {
    const made = await create({ publishAt: msToChinaMinute(t.now() + 3_600_000) });
    expect(made.body.success, made.body.message).toBe(true);
    const scheduled = made.body.data.artId;
    const missing = await report(999_999);
    const ahead = await report(scheduled);
    expect(ahead.status).toBe(missing.status);
    expect(ahead.body.message).toBe(missing.body.message);
    expect(ahead.body.message).toBe("作品不存在或已删除");
  });

  it("have a rate for members: a run of reports on many targets is stopped", async () => {
    const works = [];
    for (let i = 0; i < 22; i++) works.push(await insertWork(t, { userId: author.user.id, nodeId: node }));
    const answers = [];
    for (const id of works) answers.push(await report(id));
    expect(answers.filter((r) => r.body.success)).toHaveLength(20);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.at(-1)!.body.message).toMatch(/^举报太频繁，请\d+(秒|分钟)后再试$/);
    // Staff are not held by it (they work the queue).
    expect((await report(works[0], owner)).body.success).toBe(true);
  });
});

describe("a title", () => {
  it("refuses control characters and line breaks in Chinese, creating nothing", async () => {
    for (const title of ["标\x0b题", "标\x1f题", "标\x7f题", "两行\n标题", "标\u2028题", "标\x85题"]) {
      const res = await create({ title });
      expect(res.status, JSON.stringify(title)).toBe(400);
      expect(res.body.message).toMatch(/^标题(包含无法显示的控制字符|不能换行)$/);
    }
    expect((await t.db.selectFrom("works").select("id").execute()).length).toBe(0);
  });

  it("that an older version let in still gets its share poster", async () => {
    const id = (await create({ title: "旧标题" })).body.data.artId;
    await t.db.updateTable("works").set({ title: "旧\x0b标题\x7f" }).where("id", "=", id).execute();
    const res = await t.api.request(`/api/art/poster/${id}`, {}, { clientIp: "198.51.100.7" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
  });
});

describe("share posters", () => {
  const poster = (id: number, ip: string) => t.api.request(`/api/art/poster/${id}`, {}, { clientIp: ip });

  it("are drawn once for the whole site and kept in the shared store; an edit draws anew", async () => {
    const id = (await create({})).body.data.artId;
    expect((await poster(id, "198.51.100.1")).status).toBe(200);
    const row = await t.db.selectFrom("works").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    const key = posterKey(id, Number(row.updated_at));
    expect(await t.stored(`/uploads/${key}`)).not.toBeNull();
    t.setNow(t.now() + 1000);
    await t.send(
      declared.works.update,
      { params: { id }, body: { type: 0, nodeId: node, title: "改过的画", content: "正文" } },
      { token: author.token },
    );
    expect(await t.stored(`/uploads/${key}`)).toBeNull();
  });

  it("limit the posters one address has drawn, while posters already drawn stay free", async () => {
    const ids = [];
    for (let i = 0; i < 14; i++)
      ids.push(await insertWork(t, { userId: author.user.id, nodeId: node, title: `画${i}` }));
    const statuses = [];
    for (const id of ids) statuses.push((await poster(id, "198.51.100.2")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.at(-1)).toBe(429);
    // Drawn already: served to that address all the same; another address draws its own.
    expect((await poster(ids[0], "198.51.100.2")).status).toBe(200);
    expect((await poster(ids[13], "198.51.100.3")).status).toBe(200);
  });
});
