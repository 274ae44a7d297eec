import { describe, expect, it } from "vitest";
import { fullDate, relativeTime } from "./time.ts";

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const MIN = 60_000;

describe("relativeTime (requirements §9)", () => {
  it.each([
    [0, "刚刚"],
    [59_999, "刚刚"],
    [MIN, "1分钟前"],
    [59 * MIN, "59分钟前"],
    [60 * MIN, "1小时前"],
    [24 * 60 * MIN, "24小时前"],
    [24 * 60 * MIN + 1, "1天前"],
    [30 * 24 * 60 * MIN, "30天前"],
  ])("%i ms ago reads %s", (ago, text) => {
    expect(relativeTime(now - ago, now)).toBe(text);
  });

  it("gives the full China-time date after 30 days", () => {
    const then = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(relativeTime(then, now)).toBe("2026-01-02 11:04:05");
    expect(fullDate(Date.UTC(2025, 11, 31, 16, 0, 0))).toBe("2026-01-01 00:00:00");
  });

  it("treats a time slightly in the future as just now", () => {
    expect(relativeTime(now + 5000, now)).toBe("刚刚");
  });
});
