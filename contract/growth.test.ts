import { describe, expect, it } from "vitest";
import { badgeText, checkinReward, levelOf, levels } from "./growth.ts";

describe("levels", () => {
  it("go up at each threshold of the table and name the next one", () => {
    expect(levelOf(0)).toEqual({ level: 1, name: "初来乍到", min: 0, next: 50 });
    expect(levelOf(49).level).toBe(1);
    expect(levelOf(50)).toEqual({ level: 2, name: "小试身手", min: 50, next: 200 });
    const top = levels.at(-1)!;
    expect(levelOf(top.min + 100_000)).toEqual({ ...top, next: null });
    expect(levelOf(-20).level).toBe(1);
  });
});

describe("the daily sign-in reward", () => {
  it("grows by one a day from 5 and stops at 15", () => {
    expect([1, 2, 3, 10, 11, 12, 365].map(checkinReward)).toEqual([5, 6, 7, 14, 15, 15, 15]);
  });
});

describe("the message badge (spec §9)", () => {
  it("is empty at 0, the count up to 99, and 99+ above", () => {
    expect([0, 1, 99, 100, 12345].map(badgeText)).toEqual(["", "1", "99", "99+", "99+"]);
  });
});
