import type { KyselyPlugin } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addViews } from "../../db/queries/views.ts";
import { startApi, type TestApi } from "../../test/harness.ts";
import { looks, VIEW_PERIOD_MS, viewCounter } from "./views.ts";
import type { Session } from "../../../contract/signin/views.ts";
import * as api from "../../../contract/endpoints.ts";

let t: TestApi;
let me: Session;
let workId: number;
beforeEach(async () => {
  t = await startApi();
  me = await t.signup({ username: "viewer" });
  const node = await t.db
    .insertInto("nodes")
    .values({ name: "插画", description: "", logo: "", sort_no: 1, created_at: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const made = await t.send(
    api.works.create,
    { body: { type: 1, content: "一张速写", nodeId: node.id } },
    { token: me.token },
  );
  workId = made.body.data.artId;
});
afterEach(async () => t.close());

const stored = async () =>
  (await t.db.selectFrom("works").select("view_count").where("id", "=", workId).executeTakeFirstOrThrow()).view_count;

describe("views", () => {
  it("are held in memory, shown at once, and written together on flush", async () => {
    for (let i = 0; i < 3; i++) await t.send(api.works.view, { params: { id: workId } }, { ip: `198.51.100.${i + 1}` });
    expect(await stored()).toBe(0);
    expect((await t.send(api.works.detail, { params: { id: workId } })).body.data.viewCount).toBe(3);
    await t.deps.views.flush();
    expect(await stored()).toBe(3);
    expect((await t.send(api.works.detail, { params: { id: workId } })).body.data.viewCount).toBe(3);
  });

  it("are written by stop, and kept for the next round when a write fails", async () => {
    const counter = viewCounter(t.db);
    counter.add(workId);
    counter.add(workId);
    await counter.stop();
    expect(await stored()).toBe(2);

    const failing = viewCounter({
      transaction: () => ({ execute: async () => Promise.reject(new Error("database away")) }),
    } as never);
    failing.add(workId);
    await failing.flush();
    expect(failing.pending(workId)).toBe(1);
  });

  it("stay counted while they are written: a page read during a flush sees every view once", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const db = {
      transaction: () => ({
        execute: async (work: (trx: unknown) => Promise<void>) => {
          await gate;
          await work(t.db);
        },
      }),
    } as never;
    const counter = viewCounter(db);
    counter.add(workId);
    counter.add(workId);
    const flushing = counter.flush();
    await new Promise((r) => setTimeout(r, 10));
    // Being written, not yet in the database: still held.
    expect(await stored()).toBe(0);
    expect(counter.pending(workId)).toBe(2);
    counter.add(workId);
    open();
    await flushing;
    expect(await stored()).toBe(2);
    expect(counter.pending(workId)).toBe(1);
  });

  it("count only live works", async () => {
    await t.send(api.works.delete, { params: { id: workId } }, { token: me.token });
    expect((await t.send(api.works.view, { params: { id: workId } })).status).toBe(404);
    expect(await t.deps.views.pending(workId)).toBe(0);
  });
});

describe("looks", () => {
  it("count one viewer once a period, each work apart, and forget them after it", () => {
    let now = 1_000;
    const first = looks(() => now);
    expect(first(1, "ip:a")).toBe(true);
    expect(first(1, "ip:a")).toBe(false);
    expect(first(2, "ip:a")).toBe(true);
    expect(first(1, "u7")).toBe(true);
    now += VIEW_PERIOD_MS - 1;
    expect(first(1, "ip:a")).toBe(false);
    now += 1;
    expect(first(1, "ip:a")).toBe(true);
  });
});

describe("addViews", () => {
  it("writes one statement per count, whatever the number of works, and adds each work its own", async () => {
    const at = t.now();
    const rows = Array.from({ length: 1_001 }, () => ({
      type: 2,
      user_id: me.user.id,
      content: "速写",
      created_at: at,
      updated_at: at,
    }));
    const ids = (await t.db.insertInto("works").values(rows).returning("id").execute()).map((r) => r.id);
    const views = new Map(ids.map((id) => [id, 1]));
    views.set(ids[5], 3).set(ids[900], 3).set(workId, 2);
    let updates = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => ((updates += Number(node.kind === "UpdateQueryNode")), node),
      transformResult: async ({ result }) => result,
    };
    await addViews(t.db.withPlugin(counting), views);
    // 999 works at one view (two lists of at most 500 ids), two at three, one at two.
    expect(updates).toBe(4);
    const counts = await t.db.selectFrom("works").select(["id", "view_count"]).execute();
    expect(new Map(counts.map((r) => [r.id, r.view_count]))).toEqual(views);
  });
});
