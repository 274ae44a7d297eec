import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWithCast, type TestApi } from "../test/harness.ts";
import type { Page } from "../../contract/shared/page.ts";
import type { Session } from "../../contract/signin/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import * as api from "../../contract/endpoints.ts";

/** The API with the listing cache on (server.ts's default), 3 s on the harness's clock. */
let t: TestApi;
let owner: Session;
let author: Session;
let reader: Session;
let nodeId: number;
beforeEach(async () => {
  ({ t, owner, author, reader, nodeId } = await startWithCast({ listingCacheMs: 3000 }));
});
afterEach(async () => t.close());

const publish = async (content: string) =>
  (await t.send(api.works.create, { body: { type: 1, content, nodeId } }, { token: author.token })).body.data.artId;
const list = async (query: string, s?: Session) => {
  const res = await t.call<Page<WorkCardView>>("GET", `/api/art/list?${query}`, s ? { token: s.token } : {});
  expect(res.body.success).toBe(true);
  return res.body.data.results;
};
const ids = (cards: WorkCardView[]) => cards.map((c) => c.artId);
/** A change made behind the API's back: only the passing of time shows it. */
const renameBehindTheApi = (id: number, content: string) =>
  t.db.updateTable("works").set({ content, summary: "" }).where("id", "=", id).execute();

describe("the listing cache (shared lists, each reader's own likes)", () => {
  it("shares a list for its time, and reads afresh after it", async () => {
    // What one process keeps; another keeps its own.
    t.stickToOne();
    const a = await publish("第一幅");
    expect(ids(await list("order=newest"))).toEqual([a]);
    await renameBehindTheApi(a, "改过的第一幅");
    expect((await list("order=newest"))[0].summary).toBe("第一幅");
    t.setNow(t.now() + 3001);
    expect((await list("order=newest"))[0].summary).toBe("改过的第一幅");
  });

  it("is kept when a write was refused: a stranger's posts to nowhere, a like without a session, a bad form", async () => {
    t.stickToOne();
    const a = await publish("第一幅");
    expect(ids(await list("order=newest"))).toEqual([a]);
    await renameBehindTheApi(a, "改过的第一幅");
    for (const [path, token] of [
      ["/api/nowhere", undefined],
      [`/api/art/like/${a}`, undefined],
      ["/api/art/create", author.token],
      ["/api/comment/create", reader.token],
    ] as const)
      expect((await t.call("POST", path, { token, body: { content: "" } })).status).toBeGreaterThanOrEqual(400);
    expect((await list("order=newest"))[0].summary).toBe("第一幅");
    // A write that went through is news at once.
    expect((await t.send(api.works.like, { params: { id: a } }, { token: reader.token })).status).toBe(200);
    expect((await list("order=newest"))[0].summary).toBe("改过的第一幅");
  });

  it("gives each reader their own likes on the shared list, with the count a like just changed", async () => {
    const a = await publish("一幅");
    const b = await publish("另一幅");
    expect(ids(await list("order=newest", reader))).toEqual([b, a]);
    await t.send(api.works.like, { params: { id: a } }, { token: reader.token });
    const mine = await list("order=newest", reader);
    const theirs = await list("order=newest", owner);
    const visitors = await list("order=newest");
    expect(mine.map((c) => [c.artId, c.liked, c.likeCount])).toEqual([
      [b, false, 0],
      [a, true, 1],
    ]);
    expect(theirs.map((c) => [c.artId, c.liked, c.likeCount])).toEqual([
      [b, false, 0],
      [a, false, 1],
    ]);
    expect(visitors.find((c) => c.artId === a)?.liked).toBe(false);
  });

  it("shows a work published, hidden or pinned through the API at once, in every list it belongs to", async () => {
    const a = await publish("先来的");
    expect(ids(await list("order=newest"))).toEqual([a]);
    expect(ids(await list(`order=newest&nodeId=${nodeId}`))).toEqual([a]);
    expect(ids(await list("order=recommend"))).toEqual([a]);
    const b = await publish("后到的");
    expect(ids(await list("order=newest"))).toEqual([b, a]);
    expect(ids(await list(`order=newest&nodeId=${nodeId}`))).toEqual([b, a]);
    expect(ids(await list("order=recommend")).sort()).toEqual([a, b].sort());

    await t.send(api.admin.moderateWorks, { body: { ids: String(b), action: "pin" } }, { token: owner.token });
    const node = await list(`order=newest&nodeId=${nodeId}`);
    expect(node.map((c) => [c.artId, !!c.pinned])).toEqual([
      [b, true],
      [a, false],
    ]);
    // Marked pinned on the node's list only: the same row in another list is not.
    expect((await list("order=newest")).every((c) => !c.pinned)).toBe(true);

    await t.send(
      api.admin.moderateWorks,
      { body: { ids: String(a), action: "hide", reason: "x" } },
      { token: owner.token },
    );
    expect(ids(await list("order=newest"))).toEqual([b]);
    expect(ids(await list(`order=newest&nodeId=${nodeId}`))).toEqual([b]);
  });

  it("is not forgotten by reads that post (a view, a search)", async () => {
    t.stickToOne();
    const a = await publish("看过的");
    await list("order=newest");
    await renameBehindTheApi(a, "暗中改过");
    await t.send(api.works.view, { params: { id: a } }, { token: reader.token });
    await t.send(api.search.works, { body: { keyword: "看过" } });
    expect((await list("order=newest"))[0].summary).toBe("看过的");
    // Any other post that went through is a write, whatever it wrote.
    await t.send(api.scores.checkin, {}, { token: reader.token });
    expect((await list("order=newest"))[0].summary).toBe("暗中改过");
  });

  it("re-ranks the shared recommended list by each reader's taste without changing it for others", async () => {
    const other = (await t.send(api.admin.createNode, { body: { name: "摄影" } }, { token: owner.token })).body.data
      .nodeId;
    const a = await publish("插画作品");
    const b = (
      await t.send(api.works.create, { body: { type: 1, content: "摄影作品", nodeId: other } }, { token: author.token })
    ).body.data.artId;
    const before = ids(await list("order=recommend"));
    expect(before.sort()).toEqual([a, b].sort());
    const saved = await t.send(api.account.saveTaste, { body: { mutedNodes: String(other) } }, { token: reader.token });
    expect(saved.body.success).toBe(true);
    expect(ids(await list("order=recommend", reader))).toEqual([a]);
    expect(ids(await list("order=recommend", owner)).sort()).toEqual([a, b].sort());
  });
});
