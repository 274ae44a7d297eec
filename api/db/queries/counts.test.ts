import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { insertNode, insertUser, insertWork, startApi, type TestApi } from "../../test/harness.ts";
import { recount } from "./counts.ts";

let t: TestApi;
beforeEach(async () => (t = await startApi()));
afterEach(async () => t.close());

describe("recount", () => {
  it("sets every counter of people, nodes and tags from the rows it counts, leaving removed works out", async () => {
    const [a, b, c] = [await insertUser(t, "alpha"), await insertUser(t, "beta"), await insertUser(t, "gamma")];
    const node = await insertNode(t, "插画");
    const kept = await insertWork(t, { userId: a, nodeId: node });
    const removed = await insertWork(t, { userId: a, nodeId: node });
    await t.db.updateTable("works").set({ status: WorkStatus.deleted }).where("id", "=", removed).execute();
    const at = t.now();
    await t.db
      .insertInto("follows")
      .values([
        { user_id: b, target_id: a, created_at: at },
        { user_id: c, target_id: a, created_at: at },
        { user_id: a, target_id: b, created_at: at },
      ])
      .execute();
    const tag = await t.db
      .insertInto("tags")
      .values({ name: "水彩", name_key: "水彩", created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("work_tags").values({ work_id: kept, tag_id: tag.id }).execute();
    await t.db.updateTable("users").set({ work_count: 9, follow_count: 9, fans_count: 9 }).execute();

    await recount(t.db);

    const users = await t.db
      .selectFrom("users")
      .select(["id", "work_count", "follow_count", "fans_count"])
      .orderBy("id")
      .execute();
    expect(users).toEqual([
      { id: a, work_count: 1, follow_count: 1, fans_count: 2 },
      { id: b, work_count: 0, follow_count: 1, fans_count: 1 },
      { id: c, work_count: 0, follow_count: 1, fans_count: 0 },
    ]);
    const nodeRow = await t.db.selectFrom("nodes").select("work_count").where("id", "=", node).executeTakeFirst();
    expect(nodeRow?.work_count).toBe(1);
    const tagRow = await t.db.selectFrom("tags").select("work_count").where("id", "=", tag.id).executeTakeFirst();
    expect(tagRow?.work_count).toBe(1);
  });
});
