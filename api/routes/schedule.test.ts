import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import { msToChinaMinute } from "../../contract/shared/china-time.ts";
import { WorkStatus } from "../../contract/shared/kinds.ts";
import { publishDue } from "../services/works/schedule.ts";
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
  } = await apiWith("painter", "reader"));
  // A whole minute, as the form picks them.
  t.setNow(Math.ceil(t.now() / 60_000) * 60_000);
});
afterEach(async () => t.close());

const HOUR = 3_600_000;
const create = (body: Record<string, string | number>) =>
  t.send(api.works.create, { body: { type: 1, nodeId: node, content: "早上九点见", ...body } }, { token: me.token });
const newest = async () =>
  (await t.call<Page<WorkCardView>>("GET", "/api/art/list?order=newest")).body.data.results.map((w) => w.artId);
const workCount = async () => (await t.send(api.people.profile, { params: { id: me.user.id } })).body.data.workCount;

describe("定时发布", () => {
  it("keeps a work out of sight until its China-time minute, then sends it out once, dated that minute", async () => {
    const at = t.now() + 2 * HOUR;
    const { artId } = (await create({ publishAt: msToChinaMinute(at) })).body.data;
    expect(await newest()).not.toContain(artId);
    expect(await workCount()).toBe(0);
    expect((await t.send(api.works.detail, { params: { id: artId } }, { token: other.token })).status).toBe(404);
    const mine = (await t.send(api.works.detail, { params: { id: artId } }, { token: me.token })).body.data;
    expect(mine.state).toEqual({ status: WorkStatus.scheduled, reason: "", publishAt: at });
    expect(await publishDue(t.deps)).toBe(0);
    const waiting = await t.send(api.drafts.scheduled, {}, { token: me.token });
    expect(waiting.body.data).toEqual([{ artId, label: "早上九点见", publishAt: at }]);
    expect((await t.send(api.drafts.scheduled, {}, { token: other.token })).body.data).toEqual([]);

    t.setNow(at + 5_000);
    // Every process looks at once: one of them sends it.
    const sent = await Promise.all([publishDue(t.deps), publishDue(t.deps), publishDue(t.deps)]);
    expect(sent.reduce((a, b) => a + b)).toBe(1);
    expect(await newest()).toContain(artId);
    expect(await workCount()).toBe(1);
    const out = (await t.send(api.works.detail, { params: { id: artId } }, { token: other.token })).body.data;
    expect([out.state, out.createdAt]).toEqual([null, at]);
    expect(await publishDue(t.deps)).toBe(0);
    expect(await workCount()).toBe(1);
    expect((await t.send(api.drafts.scheduled, {}, { token: me.token })).body.data).toEqual([]);
  });

  it("refuses a minute past, too far ahead, or not a minute, in Chinese, creating nothing", async () => {
    for (const [publishAt, message] of [
      [msToChinaMinute(t.now() - 60_000), "定时发布时间需在1分钟后、30天之内"],
      [msToChinaMinute(t.now() + 31 * 24 * HOUR), "定时发布时间需在1分钟后、30天之内"],
      ["2026-02-30T09:00", "定时发布时间格式不正确"],
      ["明天早上", "定时发布时间格式不正确"],
    ]) {
      const res = await create({ publishAt });
      expect(res.status, publishAt).toBe(400);
      const fields = (res.body.data as unknown as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
      expect(Object.values(fields ?? {})).toContain(message);
    }
    expect(await t.db.selectFrom("works").select("id").execute()).toEqual([]);
  });

  it("publishes at once when no minute is given", async () => {
    const { artId } = (await create({ publishAt: "" })).body.data;
    expect(await newest()).toContain(artId);
  });
});
