import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { badgeText, checkinReward, checkinRule, levelOf, levels, rewards } from "./growth.ts";
import { messageLimits } from "../shared/limits.ts";

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

describe("the message badge (requirements §9)", () => {
  it("is empty at 0, the count up to 99, and 99+ above", () => {
    expect([0, 1, 99, 100, 12345].map(badgeText)).toEqual(["", "1", "99", "99+", "99+"]);
  });
});

describe("docs/features.md states the rules the code pays by", () => {
  const readme = readFileSync(new URL("../../docs/features.md", import.meta.url), "utf8").replace(/ {2,}/g, " ");
  const prose = readme.replace(/\s+/g, " ");
  const row = (start: string) => readme.split("\n").find((l) => l.startsWith(start)) ?? "";

  it("for each reward", () => {
    expect(row("| daily sign-in")).toContain(`${checkinRule.base} + (streak − 1), at most ${checkinRule.max}`);
    expect(row("| publishing a work")).toContain(`${rewards.publish}, the first ${rewards.publishPerDay} works`);
    expect(row("| someone else likes")).toContain(`| ${rewards.like}, once`);
    expect(row("| someone else favorites")).toContain(`| ${rewards.favorite}, once`);
    expect(row("| someone else comments")).toContain(`| ${rewards.comment} per comment`);
    expect(row("| a new follower")).toContain(`| ${rewards.fan}, once`);
    expect(row("| an admin recommends")).toContain(`| ${rewards.recommended}, once per work`);
  });

  it("for the levels and messages", () => {
    for (const l of levels) expect(prose).toContain(`Lv${l.level} ${l.name} ${l.min.toLocaleString("en-US")}`);
    expect(prose).toContain(
      `≤ ${messageLimits.content} characters, links made clickable, ${messageLimits.perMinute} a minute`,
    );
  });
});
