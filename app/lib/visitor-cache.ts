import { VISITOR_CACHE_HEADER } from "../../contract/shared/request.ts";

/** Listing routes export `headers` from here: the page reads the same for every visitor (contract/shared/request.ts). */
export const visitorCacheable = () => ({ [VISITOR_CACHE_HEADER]: "1" });
