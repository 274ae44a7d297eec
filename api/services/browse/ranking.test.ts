import { describe, expect, it } from "vitest";
import { DECAY_SECONDS, rankScore } from "./ranking.ts";

const t0 = Date.UTC(2026, 10, 1);
const none = { likes: 0, favorites: 0, comments: 0 };

describe("recommended ranking", () => {
  it("rises with engagement, favorites and comments weighing more than likes", () => {
    expect(rankScore({ ...none, likes: 5 }, t0)).toBeGreaterThan(rankScore(none, t0));
    expect(rankScore({ ...none, favorites: 1 }, t0)).toBeGreaterThan(rankScore({ ...none, likes: 1 }, t0));
    expect(rankScore({ ...none, comments: 1 }, t0)).toBeGreaterThan(rankScore({ ...none, favorites: 1 }, t0));
  });

  it("lets recency win: two days newer equals ten times the engagement", () => {
    const newer = t0 + DECAY_SECONDS * 1000;
    expect(rankScore({ ...none, likes: 9 }, t0)).toBeCloseTo(rankScore(none, newer), 9);
    expect(rankScore({ ...none, likes: 2 }, newer)).toBeGreaterThan(rankScore({ ...none, likes: 15 }, t0));
  });
});
