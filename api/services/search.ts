import { searchWorks } from "../db/queries/works.ts";
import type { SearchResult } from "../../contract/types.ts";
import type { Deps } from "./deps.ts";
import { cardsFor } from "./works.ts";

export const SEARCH_PAGE_SIZE = 20;
const DAY = 86_400_000;
/** timeRange of spec §3's search state: 0 any time, then the last day, week, month, year. */
export const timeRanges: Record<number, number> = { 1: DAY, 2: 7 * DAY, 3: 30 * DAY, 4: 365 * DAY };

export type SearchInput = { keyword: string; nodeId?: number; timeRange: number; page: number };

export async function searchArt(deps: Deps, input: SearchInput, viewerId?: number): Promise<SearchResult> {
  const span = timeRanges[input.timeRange];
  const rows = await searchWorks(deps.db, {
    keyword: input.keyword,
    nodeId: input.nodeId,
    since: span ? deps.now() - span : undefined,
    offset: (input.page - 1) * SEARCH_PAGE_SIZE,
    limit: SEARCH_PAGE_SIZE,
  });
  const results = await cardsFor(deps, rows.slice(0, SEARCH_PAGE_SIZE), viewerId);
  return { keyword: input.keyword, results, page: input.page, hasMore: rows.length > SEARCH_PAGE_SIZE };
}
