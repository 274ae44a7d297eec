/** Search as both sides speak of it: the time ranges, page sizes and what a result looks like beyond a card. */

const DAY = 86_400_000;

/** requirements §3 search state `timeRange`: 0 any time, then the last day, week, month and year. */
export const searchTimeRanges = [
  { value: 0, label: "不限时间", span: 0 },
  { value: 1, label: "一天内", span: DAY },
  { value: 2, label: "一周内", span: 7 * DAY },
  { value: 3, label: "一个月内", span: 30 * DAY },
  { value: 4, label: "一年内", span: 365 * DAY },
] as const;

export type SearchTimeRange = (typeof searchTimeRanges)[number]["value"];

export const searchPaging = {
  /** Results on one page of works. */
  pageSize: 20,
  /** People on one page of the people tab. */
  peoplePageSize: 20,
  /** Deeper than this nobody reads; the ranking blends only this many best text matches (pageSize × maxPages). */
  maxPages: 50,
  /** Nodes, tags and people offered under the search box as one types, of each. */
  suggestions: 5,
  /**
   * Matches counted at most for the number above the results: counting all of a common keyword's reads every one of
   * its postings, slow at a million works, and past this many the page says "10000+".
   */
  countedUpTo: 10_000,
} as const;

/** The kinds of results the search page shows, as its tabs (`?type=`). */
export const searchTabs = [
  { key: "works", label: "作品" },
  { key: "people", label: "用户" },
] as const;
export type SearchTab = (typeof searchTabs)[number]["key"];
