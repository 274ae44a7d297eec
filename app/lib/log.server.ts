import { createLogger } from "../../api/lib/log.ts";

/** The web's log lines, in the same JSON shape as the API's and the request log. */
export const log = createLogger("info");
