import { PAGE_VIEW_HEADER, VISITOR_CACHE_HEADER } from "../../contract/shared/request.ts";

/**
 * Listing routes export `headers` from here: the page reads the same for every visitor (contract/shared/request.ts),
 * for a minute at most (a listing's order ages by itself: what is hot cools).
 */
export const visitorCacheable = () => ({ [VISITOR_CACHE_HEADER]: "60" });

/** A page that changes only when something on it is written (a work, a profile): a day at most. */
export const storedForVisitors = (view?: number): Record<string, string> => ({
  [VISITOR_CACHE_HEADER]: "86400",
  ...(view ? { [PAGE_VIEW_HEADER]: String(view) } : {}),
});
