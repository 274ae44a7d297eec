/**
 * How a page says it reads the same for every visitor (no session, no toast), so server/page-cache.ts may serve it
 * again for a few seconds. Listing routes export `headers` from here; the cache keeps only answers carrying the
 * mark, and takes it off before they leave.
 */
export const VISITOR_CACHE_HEADER = "x-visitor-cache";

export const visitorCacheable = () => ({ [VISITOR_CACHE_HEADER]: "1" });
