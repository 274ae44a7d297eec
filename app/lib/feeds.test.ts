import { describe, expect, it } from "vitest";
import { feedAsked, feedLinks, feedPath, type FeedOf } from "./feeds.ts";

describe("a feed's address", () => {
  const feeds: FeedOf[] = [
    { of: "latest" },
    { of: "node", id: 3 },
    { of: "tag", id: 12 },
    { of: "user", id: 7 },
    { of: "charts", period: "week" },
  ];

  it("reads back as the feed it was written for, in both formats", () => {
    for (const feed of feeds)
      for (const format of ["rss", "atom"] as const) {
        const [file] = feedPath(feed, format)
          .replace(/^\/feeds\//, "")
          .split("?");
        expect(feedAsked(file!, new URLSearchParams())).toEqual({ feed, format });
      }
    const path = feedPath({ of: "search", q: "水彩 & 风景" }, "atom");
    expect(path).toBe("/feeds/search.atom?q=%E6%B0%B4%E5%BD%A9%20%26%20%E9%A3%8E%E6%99%AF");
    expect(feedAsked("search.atom", new URLSearchParams({ q: "水彩 & 风景" }))).toEqual({
      feed: { of: "search", q: "水彩 & 风景" },
      format: "atom",
    });
    expect(feedPath({ of: "charts", period: "day", nodeId: 4 }, "rss")).toBe("/feeds/charts/day.rss?nodeId=4");
    expect(feedAsked("charts/day.rss", new URLSearchParams({ nodeId: "4" }))).toEqual({
      feed: { of: "charts", period: "day", nodeId: 4 },
      format: "rss",
    });
    expect(feedAsked("charts/day.rss", new URLSearchParams({ nodeId: "4 or 1=1" }))).toBeNull();
  });

  it.each([
    "node/0.rss",
    "node/01.rss",
    "node/3.json",
    "node/3",
    "node/3.rss/extra",
    "../node/3.rss",
    "node/12345678901.rss",
    "charts/year.rss",
    "people/3.rss",
    "latest.RSS",
  ])("names no feed at %s", (file) => expect(feedAsked(file, new URLSearchParams())).toBeNull());

  it("is linked from a page's head in both formats, titled for a reader's list", () => {
    expect(feedLinks({ of: "tag", id: 5 }, "#水彩")).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: "#水彩（RSS）",
        href: "/feeds/tag/5.rss",
      },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: "#水彩（Atom）",
        href: "/feeds/tag/5.atom",
      },
    ]);
  });
});
