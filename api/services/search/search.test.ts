import { describe, expect, it } from "vitest";
import { blend } from "./search.ts";

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 21);
const c = (id: number, relevance: number, like_count = 0, ageDays = 100, titled = 0) => ({
  id,
  relevance,
  titled,
  like_count,
  created_at: now - ageDays * DAY,
});

describe("blend", () => {
  it("keeps a strong text match above a weak one that is new and loved", () => {
    expect(blend([c(1, 0.4, 300, 0), c(2, 1, 0, 700)], now).map((x) => x.id)).toEqual([2, 1]);
  });

  it("puts the newer and the more liked first among equal matches", () => {
    expect(blend([c(1, 1, 0, 300), c(2, 1, 0, 1)], now).map((x) => x.id)).toEqual([2, 1]);
    expect(blend([c(1, 1, 0), c(2, 1, 50)], now).map((x) => x.id)).toEqual([2, 1]);
  });

  it("raises a work whose title holds the keyword's terms, by the share it holds", () => {
    expect(blend([c(1, 1), c(2, 0.75, 0, 100, 1)], now, 1).map((x) => x.id)).toEqual([2, 1]);
    expect(blend([c(1, 1), c(2, 0.5, 0, 100, 1)], now, 1).map((x) => x.id)).toEqual([1, 2]);
    // One of two terms in the title raises half as much.
    expect(blend([c(1, 1), c(2, 0.75, 0, 100, 1)], now, 2).map((x) => x.id)).toEqual([1, 2]);
  });

  it("is stable for identical candidates (newest id first) and handles an empty list", () => {
    expect(blend([c(1, 1), c(2, 1)], now).map((x) => x.id)).toEqual([2, 1]);
    expect(blend([], now)).toEqual([]);
  });
});
