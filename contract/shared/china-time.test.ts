import { describe, expect, it } from "vitest";
import { chinaMinuteToMs, msToChinaMinute } from "./china-time.ts";

describe("a China-time minute", () => {
  it("is eight hours ahead of UTC, both ways", () => {
    expect(chinaMinuteToMs("2026-11-27T09:30")).toBe(Date.UTC(2026, 10, 27, 1, 30));
    expect(chinaMinuteToMs("2026-01-01T00:00")).toBe(Date.UTC(2025, 11, 31, 16, 0));
    expect(msToChinaMinute(Date.UTC(2026, 10, 26, 20, 5))).toBe("2026-11-27T04:05");
  });

  it("is not a day that does not exist, nor other text", () => {
    for (const bad of ["2026-02-30T10:00", "2026-11-27 09:30", "2026-11-27T24:00", "明天九点", ""])
      expect(chinaMinuteToMs(bad), bad).toBeNull();
  });
});
