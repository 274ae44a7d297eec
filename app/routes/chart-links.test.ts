import { describe, expect, it } from "vitest";
import type { ChartView } from "../../contract/charts/views.ts";
import { chartHref, periodLabel } from "./chart-links.ts";

const chart = (over: Partial<ChartView>): ChartView => ({
  period: "day",
  first: "2026-11-26",
  last: "2026-11-26",
  current: true,
  prev: "2026-11-25",
  next: null,
  nodeId: null,
  entries: [],
  ...over,
});

describe("the charts page's addresses", () => {
  it("leave the defaults out and keep a past period's date when only the node changes", () => {
    expect(chartHref(chart({}), {})).toBe("/charts");
    expect(chartHref(chart({}), { period: "week" })).toBe("/charts?period=week");
    const past = chart({ period: "week", first: "2026-11-09", last: "2026-11-15", current: false, nodeId: 3 });
    expect(chartHref(past, { nodeId: 5 })).toBe("/charts?period=week&nodeId=5&date=2026-11-09");
    expect(chartHref(past, { nodeId: null })).toBe("/charts?period=week&date=2026-11-09");
    // Another period starts from the present one.
    expect(chartHref(past, { period: "month", date: null })).toBe("/charts?period=month&nodeId=3");
    expect(chartHref(past, { date: "2026-11-02" })).toBe("/charts?period=week&nodeId=3&date=2026-11-02");
  });

  it("name a day, a week (with the year again only across a year's end) and a month", () => {
    expect(periodLabel(chart({}))).toBe("2026年11月26日");
    expect(periodLabel(chart({ period: "week", first: "2026-11-23", last: "2026-11-29" }))).toBe(
      "2026年11月23日 – 11月29日",
    );
    expect(periodLabel(chart({ period: "week", first: "2026-12-28", last: "2027-01-03" }))).toBe(
      "2026年12月28日 – 2027年1月3日",
    );
    expect(periodLabel(chart({ period: "month", first: "2026-11-01", last: "2026-11-30" }))).toBe("2026年11月");
  });
});
