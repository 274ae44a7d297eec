import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertUser, startApi, type TestApi } from "./harness.ts";
import type { Numbered } from "../../contract/shared/page.ts";
import type { WorkCardView } from "../../contract/works/views.ts";
import { seedBig } from "./seed-big.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
});
afterEach(async () => t.close());

describe("seedBig", () => {
  it("adds the works asked for, readable through the API, with node counts kept", async () => {
    await insertUser(t, "a");
    const node = await insertNode(t, "插画");
    await seedBig({ db: t.db, dialect: t.deps.dialect }, 1200, t.now());
    const page = await t.call<Numbered<WorkCardView>>("GET", "/api/art/pages?page=1");
    expect(page.body.data.total).toBe(1200);
    const n = await t.db.selectFrom("nodes").select("work_count").where("id", "=", node).executeTakeFirstOrThrow();
    expect(n.work_count).toBe(1200);
    // Indexed for search: the demo's sentences are found by their words.
    const common = await t.send(api.search.works, { body: { keyword: "的" } });
    expect(common.body.data.total).toBeGreaterThan(600);
    const rare = await t.send(api.search.works, { body: { keyword: "胶片" } });
    expect(rare.body.data.total).toBeGreaterThan(0);
    expect(rare.body.data.total).toBeLessThan(common.body.data.total);
  });

  it("refuses an empty database", async () => {
    await expect(seedBig({ db: t.db, dialect: t.deps.dialect }, 10)).rejects.toThrow(/seed the demo first/);
  });
});
