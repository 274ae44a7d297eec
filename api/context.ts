import type { CurrentUserView } from "../contract/views/signin.ts";
import type { Deps } from "./services/deps.ts";
import type { Envelope } from "../contract/endpoint.ts";

/**
 * What every API route and middleware sees beside the request. `Bindings.clientIp` is the caller's address as
 * server.ts decided it (the socket, or a trusted proxy's entry); `Variables` are set by the API's own middleware.
 */
/**
 * The sessions one page has already resolved, shared by the API calls its loaders make in-process: a page asks
 * the API three or four times, and each asked the database for the same token. Only server.ts can pass it (it is
 * not a header), it lives as long as one page's render, and any write through the API empties it.
 */
export type SessionMemo = Map<string, Promise<CurrentUserView | null>>;

export type ApiEnv = {
  Bindings:
    | {
        clientIp?: string;
        sessions?: SessionMemo;
        /**
         * Where the caller takes the envelope as the value it was made of (a page's loader in this process, through
         * server/in-process.ts): the answer carries no body, and no JSON is written (api/lib/envelope.ts).
         */
        answer?: { envelope?: Envelope };
      }
    | undefined;
  Variables: { deps: Deps; token: string; user: CurrentUserView | null; ip: string };
};
