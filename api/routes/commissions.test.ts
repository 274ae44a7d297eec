import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiWith, type TestApi } from "../test/harness.ts";
import { drawing } from "../test/drawing.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { ImageUpload } from "../services/works/uploads.ts";
import { pictureRights } from "../services/works/picture-rights.ts";
import { sweepUnusedUploads } from "../services/works/uploads.ts";
import { commissionLimits } from "../../contract/shared/limits.ts";
import * as api from "../../contract/endpoints.ts";

/** 约稿 (issue 59 part 4), on SQLite and PostgreSQL: its two parties, its steps, its private delivery. */
let t: TestApi;
let creator: Session;
let client: Session;
let stranger: Session;
beforeEach(async () => {
  ({
    t,
    members: [, creator, client, stranger],
  } = await apiWith("owner", "painter", "client", "stranger"));
  await t.db.updateTable("users").set({ commission: "open" }).where("id", "=", creator.user.id).execute();
});
afterEach(async () => t.close());

const ask = (body: Record<string, string | number>, who = client) =>
  t.send(api.commissions.create, { body: { creatorId: creator.user.id, ...body } }, { token: who.token });
const brief = { title: "头像约稿", brief: "想要一张Q版头像，暖色调", budget: "300-500元", deadline: "2026-12-24" };
const one = (id: number, who: Session) => t.send(api.commissions.one, { params: { id } }, { token: who.token });
const step = (id: number, who: Session, body: Record<string, string | string[]>) =>
  t.send(api.commissions.step, { params: { id }, body }, { token: who.token });
const notices = async (who: Session) =>
  (await t.send(api.inbox.notifications, { query: {} }, { token: who.token })).body.data.results.filter(
    (n) => n.kind === "commission",
  );
async function upload(who: Session, seed: number): Promise<ImageUpload> {
  const fd = new FormData();
  fd.set("image", new File([new Uint8Array(await drawing(seed))], "a.png", { type: "image/png" }));
  return (await t.call<ImageUpload>("POST", "/api/upload", { body: fd, token: who.token })).body.data;
}

describe("a commission", () => {
  it("goes from the request to completion, each step the right party's, each told to the other", async () => {
    const made = await ask({ ...brief, refs: "https://example.com/ref.png\n/art/1" });
    expect(made.body.success, made.body.message).toBe(true);
    const id = made.body.data.commissionId;
    expect((await notices(creator)).map((n) => n.detail)).toEqual([`${id}:ask:头像约稿`]);
    let c = (await one(id, creator)).body.data;
    expect(c).toMatchObject({
      state: "pending",
      viewer: "creator",
      steps: ["accept", "decline", "cancel"],
      budget: "300-500元",
      refs: ["https://example.com/ref.png", "/art/1"],
    });
    expect(c.deadline).toBe(Date.UTC(2026, 11, 23, 16));
    // The client cannot accept their own request.
    expect((await step(id, client, { step: "accept" })).body.message).toBe("约稿还在等待回复，不能接受约稿");
    for (const [who, s, state] of [
      [creator, "accept", "accepted"],
      [creator, "start", "in_progress"],
    ] as const)
      expect((await step(id, who, { step: s })).body.data.state).toBe(state);
    const pictures = [await upload(creator, 1), await upload(creator, 2)];
    const delivered = await step(id, creator, { step: "deliver", note: "初稿", files: pictures.map((p) => p.url) });
    expect(delivered.body.data.state, delivered.body.message).toBe("delivered");
    c = (await one(id, client)).body.data;
    expect(c.files.map((f) => f.n)).toEqual([0, 1]);
    expect(c.steps).toEqual(["revise", "complete"]);
    expect(c.messages.filter((m) => m.userId === 0).map((m) => m.content)).toEqual([
      "创作者接受约稿",
      "创作者开始创作",
      "创作者交付：初稿",
    ]);
    expect((await step(id, client, { step: "revise", note: "颜色再暖一点" })).body.data.state).toBe("in_progress");
    await step(id, creator, { step: "deliver", files: [pictures[1].url] });
    expect((await step(id, client, { step: "complete" })).body.data.state).toBe("completed");
    expect((await one(id, client)).body.data.files).toHaveLength(1);
    expect((await notices(client)).map((n) => n.detail.split(":")[1])).toEqual([
      "deliver",
      "deliver",
      "start",
      "accept",
    ]);
    // Closed: nothing more to do, though the thread still takes a thank-you.
    expect((await one(id, creator)).body.data.steps).toEqual([]);
    expect((await step(id, client, { step: "cancel" })).body.success).toBe(false);
    const said = await t.send(
      api.commissions.say,
      { params: { id }, body: { content: "谢谢！" } },
      { token: client.token },
    );
    expect(said.body.data.content).toBe("谢谢！");
    // Two hundred lines in a day tell the other party once; the thread holds them all.
    for (let i = 0; i < 200; i++)
      await t.send(api.commissions.say, { params: { id }, body: { content: `第${i}句` } }, { token: client.token });
    expect((await notices(creator)).filter((n) => n.detail.split(":")[1] === "message")).toHaveLength(1);
    expect((await one(id, creator)).body.data.messages.filter((m) => m.userId === client.user.id)).toHaveLength(201);
  });

  it("is its two parties' alone: anyone else is told it does not exist, and its pictures are served to them only", async () => {
    const id = (await ask(brief)).body.data.commissionId;
    await step(id, creator, { step: "accept" });
    await step(id, creator, { step: "start" });
    const picture = await upload(creator, 3);
    await step(id, creator, { step: "deliver", files: [picture.url] });
    for (const who of [stranger])
      expect([(await one(id, who)).status, (await one(id, who)).body.message]).toEqual([404, "约稿不存在"]);
    const file = (who?: Session, size = "640") =>
      t.api.request(`/api/commissions/${id}/files/0?size=${size}`, {
        headers: { "X-Client": "vitest", ...(who ? { "X-User-Token": who.token } : {}) },
      });
    const got = await file(client);
    expect(got.status).toBe(200);
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    expect((await file(client, "full")).status).toBe(200);
    expect((await file(stranger)).status).toBe(404);
    expect((await file()).status).toBe(401);
    // Its public address, and each of its sizes, are withheld from /uploads.
    const rights = pictureRights(t.deps);
    for (const url of [picture.url, ...Object.values(picture.variants)])
      expect((await rights(url))?.withheld, url).toBe(true);
    // And the sweeper of unused uploads keeps it.
    t.setNow(t.now() + 3 * 86_400_000);
    await sweepUnusedUploads(t.deps);
    expect((await file(client)).status).toBe(200);
  });

  it("refuses what it must: oneself, a creator not taking commissions, another's pictures, a blocked client", async () => {
    expect((await ask(brief, creator)).body.message).toBe("不能向自己约稿");
    const closed = await t.send(
      api.commissions.create,
      { body: { ...brief, creatorId: stranger.user.id } },
      { token: client.token },
    );
    expect(closed.body.message).toBe("对方暂不接稿");
    const bad = await ask({ ...brief, deadline: "2026-02-30", refs: "javascript:alert(1)" });
    expect(bad.body.success).toBe(false);
    expect(bad.body.data).toMatchObject({
      fieldErrors: { deadline: "期望交稿日期格式不正确", refs: expect.stringContaining("http") },
    });
    expect((await ask({ ...brief, deadline: "2026-11-20" })).body.data).toEqual({
      fieldErrors: { deadline: "期望交稿日期不能早于今天" },
    });
    const id = (await ask(brief)).body.data.commissionId;
    await step(id, creator, { step: "accept" });
    await step(id, creator, { step: "start" });
    const theirs = await upload(client, 4);
    const refused = await step(id, creator, { step: "deliver", files: [theirs.url] });
    expect(refused.body.data).toEqual({ fieldErrors: { files: "只能交付你自己上传的图片" } });
    expect((await step(id, creator, { step: "deliver" })).body.data).toEqual({
      fieldErrors: { files: "请上传要交付的图片" },
    });
    expect((await one(id, creator)).body.data.state).toBe("in_progress");
    await t.send(api.inbox.block, { body: { userId: client.user.id } }, { token: creator.token });
    expect((await ask(brief)).body.message).toBe("对方不接受你的约稿");
  });

  it("holds a client to a few waiting requests, and takes one step once when both press at once", async () => {
    // Sent all at once, they still stop at the limit.
    const sent = await Promise.all([...Array(commissionLimits.waitingPerClient + 3).keys()].map(() => ask(brief)));
    const ids = sent.filter((r) => r.body.success).map((r) => r.body.data.commissionId);
    expect(ids).toHaveLength(commissionLimits.waitingPerClient);
    expect((await ask(brief)).body.message).toContain(`${commissionLimits.waitingPerClient}个约稿在等待回复`);
    // Accepting and declining at once: whichever comes first, the other finds the request answered.
    const [a, b] = await Promise.all([
      step(ids[0], creator, { step: "accept" }),
      step(ids[0], creator, { step: "decline" }),
    ]);
    expect([a.body.success, b.body.success].filter(Boolean)).toHaveLength(1);
    const final = (await one(ids[0], client)).body.data;
    expect(final.state).toBe(a.body.success ? "accepted" : "declined");
    expect(final.messages.filter((m) => m.userId === 0)).toHaveLength(1);
  });

  it("lets a client start only so many a day, cancelled ones counted, so asking and cancelling cannot flood", async () => {
    for (let i = 0; i < commissionLimits.perDay; i++) {
      const id = (await ask(brief)).body.data.commissionId;
      expect((await step(id, client, { step: "cancel" })).body.success).toBe(true);
    }
    expect((await ask(brief)).body.message).toBe(`每天最多发起${commissionLimits.perDay}个约稿，明天再来吧`);
    expect((await notices(creator)).filter((n) => n.detail.split(":")[1] === "ask")).toHaveLength(
      commissionLimits.perDay,
    );
    t.setNow(t.now() + 86_400_000);
    expect((await ask(brief)).body.success).toBe(true);
  });

  it("lists a member's received and sent commissions, the latest changed first", async () => {
    const first = (await ask({ ...brief, title: "第一单" })).body.data.commissionId;
    t.setNow(t.now() + 1000);
    await ask({ ...brief, title: "第二单" });
    t.setNow(t.now() + 1000);
    await step(first, creator, { step: "accept" });
    const received = (await t.send(api.commissions.list, { query: {} }, { token: creator.token })).body.data;
    expect(received.results.map((c) => [c.title, c.state])).toEqual([
      ["第一单", "accepted"],
      ["第二单", "pending"],
    ]);
    const sent = (await t.send(api.commissions.list, { query: { role: "sent" } }, { token: client.token })).body.data;
    expect(sent.results).toHaveLength(2);
    expect((await t.send(api.commissions.list, { query: {} }, { token: client.token })).body.data.results).toEqual([]);
  });
});
