import { describe, expect, it } from "vitest";
import { relativeTime } from "../lib/time.ts";
import { withPageClock } from "./page-clock.server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 29, 4, 0, 0);

/** When the words relativeTime draws for `ago` would next change, as a render under a page clock notes it. */
function changesAt(ago: number): number {
  const clock = { changesAt: Infinity };
  withPageClock(clock, () => relativeTime(now - ago, now));
  return clock.changesAt - now;
}

describe("a stored page's clock", () => {
  it("hears when each relative time would read otherwise", () => {
    expect(changesAt(10_000)).toBe(MINUTE - 10_000); // 刚刚 → 1分钟前
    expect(changesAt(5 * MINUTE + 1_000)).toBe(MINUTE - 1_000); // 5分钟前 → 6分钟前
    expect(changesAt(3 * HOUR)).toBe(HOUR); // 3小时前 → 4小时前
    expect(changesAt(3 * DAY + HOUR)).toBe(DAY - HOUR); // 3天前 → 4天前
    expect(changesAt(40 * DAY)).toBe(Infinity); // the date itself never changes
  });

  it("keeps the soonest of a page's times, through the render's own turns, and hears nothing outside a render", async () => {
    const clock = { changesAt: Infinity };
    await withPageClock(clock, async () => {
      relativeTime(now - 3 * HOUR, now);
      await new Promise((r) => setImmediate(r));
      relativeTime(now - 20_000, now);
    });
    expect(clock.changesAt - now).toBe(40_000);
    relativeTime(now - 1_000, now);
    expect(clock.changesAt - now).toBe(40_000);
  });
});
