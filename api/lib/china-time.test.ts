import { describe, expect, it } from "vitest";
import { chinaDay, startOfChinaDay } from "./china-time.ts";

describe("days in China Standard Time", () => {
  it("start at midnight UTC+8", () => {
    expect(startOfChinaDay(Date.UTC(2026, 10, 21, 4, 0))).toBe(Date.UTC(2026, 10, 20, 16, 0));
    expect(startOfChinaDay(Date.UTC(2026, 10, 20, 15, 59))).toBe(Date.UTC(2026, 10, 19, 16, 0));
  });

  it("turn at 16:00 UTC, not at UTC midnight", () => {
    const before = chinaDay(Date.UTC(2026, 10, 21, 15, 59, 59, 999));
    expect(chinaDay(Date.UTC(2026, 10, 21, 16, 0))).toBe(before + 1);
    expect(chinaDay(Date.UTC(2026, 10, 21, 23, 59))).toBe(before + 1);
    expect(chinaDay(Date.UTC(2026, 10, 22, 0, 1))).toBe(before + 1);
  });
});
