import { describe, expect, it } from "vitest";
import { hasStanding, markStanding } from "./charts.ts";

const day = 86_400_000;
const now = Date.UTC(2026, 10, 29);

describe("whose marks move a chart", () => {
  it("a member of a week, or a verified member of a day; staff always", () => {
    const at = (days: number, verified = false, staff = false) =>
      hasStanding({ createdAt: now - days * day, verified, staff }, now);
    expect(at(markStanding.days)).toBe(true);
    expect(at(markStanding.days - 0.01)).toBe(false);
    expect(at(markStanding.verifiedDays, true)).toBe(true);
    expect(at(markStanding.verifiedDays - 0.01, true)).toBe(false);
    expect(at(0, false, true)).toBe(true);
  });

  it("gives a minute-old account no standing however it is marked", () => {
    expect(hasStanding({ createdAt: now - 60_000, verified: true, staff: false }, now)).toBe(false);
  });
});
