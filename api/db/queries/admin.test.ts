import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { insertUser, insertWork, startApi, type TestApi } from "../../test/harness.ts";
import { activePerDay, perDay } from "./admin.ts";

let t: TestApi;
beforeEach(async () => (t = await startApi()));
afterEach(async () => t.close());

const DAY = 86_400_000;

describe("the dashboard's days", () => {
  it("count every work but the removed ones, and every author who published, removed or not", async () => {
    const today = Math.floor(t.now() / DAY) * DAY;
    const authors = [await insertUser(t, "alpha"), await insertUser(t, "beta"), await insertUser(t, "gamma")];
    const statuses = [WorkStatus.live, WorkStatus.deleted, WorkStatus.hidden, WorkStatus.review, WorkStatus.scheduled];
    for (const [i, status] of statuses.entries()) {
      // The removed work is the only one by beta.
      const userId = status === WorkStatus.deleted ? authors[1] : authors[i % 2 ? 2 : 0];
      const id = await insertWork(t, { userId, createdAt: today + 1_000 + i });
      await t.db.updateTable("works").set({ status }).where("id", "=", id).execute();
    }
    // Yesterday's work is before the window.
    await insertWork(t, { userId: authors[0], createdAt: today - 1_000 });
    const day = today / DAY;
    expect(await perDay(t.db, "works", today, 0)).toEqual(new Map([[day, 4]]));
    const active = await activePerDay(t.db, today, 0);
    expect(active.get(day)).toBe(3);
    expect(active.has(day - 1)).toBe(false);
  });
});
