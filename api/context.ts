import type { CurrentUserView } from "../contract/types.ts";
import type { Deps } from "./services/deps.ts";

/**
 * What every API route and middleware sees beside the request. `Bindings.clientIp` is the caller's address as
 * server.ts decided it (the socket, or a trusted proxy's entry); `Variables` are set by the API's own middleware.
 */
export type ApiEnv = {
  Bindings: { clientIp?: string } | undefined;
  Variables: { deps: Deps; token: string; user: CurrentUserView | null; ip: string };
};
