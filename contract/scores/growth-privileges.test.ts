import { describe, expect, it } from "vitest";
import { allowance, levels, privileges } from "./growth.ts";
import { portfolioLimits } from "../people/portfolio.ts";
import { seriesLimits } from "../shared/limits.ts";

describe("what scores buy", () => {
  it("allows more pinned works and series at higher levels", () => {
    const at = (level: number) => levels.find((l) => l.level === level)!.min;
    expect([at(1), at(2), at(3), at(7)].map((s) => allowance("pinned", s))).toEqual([3, 3, 6, 6]);
    expect([at(1), at(2), at(3), at(4), at(7)].map((s) => allowance("series", s))).toEqual([5, 10, 10, 30, 30]);
    expect(allowance("series", at(2) - 1)).toBe(5);
  });

  it("never allows more than the hard limits", () => {
    const top = levels.at(-1)!.min;
    expect(allowance("pinned", top)).toBeLessThanOrEqual(portfolioLimits.pinned);
    expect(allowance("series", top)).toBeLessThanOrEqual(seriesLimits.perMember);
    for (const p of privileges) expect(p.byLevel[0].level).toBe(1);
  });
});
