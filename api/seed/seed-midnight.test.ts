import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import { seedIfEmpty } from "./index.ts";

// Nine minutes past midnight in China (CST, UTC+8): the demo members' past sign-ins must each fall on a day of
// their own. They once drifted back into the day before and the first start failed (今天已经签到过了).
let t: TestApi;
beforeAll(async () => {
  t = await startApi();
  t.setNow(Date.UTC(2026, 10, 22, 16, 9, 0));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("the demo seed just after midnight in China", () => {
  it("starts, with every member's past sign-ins on consecutive days before today", async () => {
    await seedIfEmpty(t.deps, {
      demo: true,
      ownerUsername: null,
      ownerPassword: null,
      announce: () => {},
    });
    const rows = await t.db.selectFrom("checkins").select(["user_id", "day", "streak"]).orderBy("day").execute();
    expect(rows.length).toBeGreaterThan(10);
    const today = Math.floor((t.now() + 8 * 3_600_000) / 86_400_000);
    const byUser = new Map<number, number[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.day]);
    for (const days of byUser.values()) {
      expect(days.every((d) => d < today)).toBe(true);
      expect(days.every((d, i) => i === 0 || d === days[i - 1] + 1)).toBe(true);
      expect(days.at(-1)).toBe(today - 1);
    }
    // The whole demo, its pictures and tracks included (on PostgreSQL and S3 in the cluster stack).
  }, 120_000);
});
