import { describe, expect, it, vi } from "vitest";
import { COUNT_KEPT_MS, COUNTS_KEPT, keptCount } from "./match-counts.ts";

describe("keptCount", () => {
  it("counts a keyword once a minute, per database", async () => {
    const db = {};
    const count = vi.fn(async () => 96_391);
    expect(await keptCount(db, "水彩", 1_000, count)).toBe(96_391);
    expect(await keptCount(db, "水彩", 1_000 + COUNT_KEPT_MS - 1, count)).toBe(96_391);
    expect(count).toHaveBeenCalledTimes(1);
    expect(await keptCount(db, "水彩", 1_000 + COUNT_KEPT_MS, async () => 96_400)).toBe(96_400);
    // Another database (a test's, a second site in the process) never sees this one's numbers.
    expect(await keptCount({}, "水彩", 1_000, async () => 3)).toBe(3);
  });

  it("keeps each keyword and filter apart", async () => {
    const db = {};
    await keptCount(db, "水彩|node1", 0, async () => 10);
    expect(await keptCount(db, "水彩|node2", 0, async () => 20)).toBe(20);
    expect(await keptCount(db, "水彩|node1", 0, async () => 99)).toBe(10);
  });

  it("forgets the one counted longest ago past its size", async () => {
    const db = {};
    for (let i = 0; i <= COUNTS_KEPT; i++) await keptCount(db, `k${i}`, 0, async () => i);
    expect(await keptCount(db, "k0", 0, async () => -1)).toBe(-1);
    expect(await keptCount(db, `k${COUNTS_KEPT}`, 0, async () => -1)).toBe(COUNTS_KEPT);
  });
});
