import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertUser, insertWork, startApi, type TestApi } from "../test/harness.ts";
import { sitemapLimits } from "../../contract/shared/limits.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
});
afterEach(async () => t.close());

describe("sitemap data", () => {
  it("lists files of live works and active people by id block, each with its newest change, and leaves out the removed", async () => {
    const author = await insertUser(t, "painter");
    await insertNode(t, "插画");
    const first = await insertWork(t, { userId: author, createdAt: Date.UTC(2026, 0, 1) });
    const gone = await insertWork(t, { userId: author, createdAt: Date.UTC(2026, 5, 1) });
    await t.db.updateTable("works").set({ status: 1 }).where("id", "=", gone).execute();
    const far = sitemapLimits.urls * 2 + 7;
    await t.db
      .insertInto("works")
      .values({
        id: far,
        type: 1,
        user_id: author,
        content: "远处",
        created_at: Date.UTC(2026, 2, 1),
        updated_at: Date.UTC(2026, 2, 1),
      })
      .execute();
    const summary = (await t.send(api.site.sitemap, {})).body.data;
    expect(summary.works).toEqual([
      { page: 0, lastmod: Date.UTC(2026, 0, 1) },
      { page: 2, lastmod: Date.UTC(2026, 2, 1) },
    ]);
    expect(summary.people.map((p) => p.page)).toEqual([0]);
    expect(summary.nodes).toBeGreaterThan(0);
    const page0 = (await t.send(api.site.sitemapFile, { params: { kind: "works", page: 0 } })).body.data;
    expect(page0).toEqual([{ id: first, lastmod: Date.UTC(2026, 0, 1) }]);
    const page2 = (await t.send(api.site.sitemapFile, { params: { kind: "works", page: 2 } })).body.data;
    expect(page2.map((e) => e.id)).toEqual([far]);
    expect((await t.send(api.site.sitemapFile, { params: { kind: "works", page: 1 } })).body.data).toEqual([]);
  });

  it("refuses an unknown kind or a bad page with a Chinese message", async () => {
    const kind = await t.send(api.site.sitemapFile, { params: { kind: "secrets", page: 0 } });
    expect([kind.status, kind.body.message]).toEqual([400, "站点地图类型无效"]);
    const page = await t.send(api.site.sitemapFile, { params: { kind: "works", page: "-1" } });
    expect([page.status, page.body.message]).toEqual([400, "页码无效"]);
  });
});
