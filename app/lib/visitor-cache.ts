import { VISITOR_CACHE_HEADER } from "../../contract/request.ts";

/** Listing routes export `headers` from here: the page reads the same for every visitor (contract/request.ts). */
export const visitorCacheable = () => ({ [VISITOR_CACHE_HEADER]: "1" });
