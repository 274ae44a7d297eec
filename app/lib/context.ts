import { createContext } from "react-router";
import { silentLogger, type Logger } from "../../contract/log.ts";

/** What server.ts hands every loader and action: the way to reach the upstream API, and facts of this request. */
export type WebDeps = {
  /**
   * Sends a request to the API on behalf of the client at `clientIp`: in-process by default, over HTTP when
   * API_ORIGIN is set. With `envelope`, the caller reads the answer only through its `json()`: in-process that is
   * the envelope the API made, and the answer has no body (server/in-process.ts).
   */
  apiFetch: (request: Request, clientIp: string, read?: { envelope: true }) => Promise<Response>;
  /** The address of the browser this request came from (server/proxy.ts). */
  clientIp: string;
  /** This response's script nonce (Content-Security-Policy). */
  nonce: string;
  /** The site's public address (SITE_URL): canonical links and shared addresses use it, never the Host header. */
  siteUrl: string;
  log: Logger;
  /**
   * After a change to what every process keeps of the site (settings, nodes, info pages): tells the other
   * processes to forget theirs (server/forgetting.ts); this one has forgotten already.
   */
  siteChanged: () => void;
};

/** The web's one context key. server.ts takes it from the build (app/entry.server.tsx), so there is one of it. */
export const webContext = createContext<WebDeps>();

/** The request facts a test of a loader or the API client does not care about. */
export const testWebDeps: Omit<WebDeps, "apiFetch"> = {
  siteChanged: () => {},
  nonce: "",
  siteUrl: "http://site.test",
  log: silentLogger,
  clientIp: "",
};
