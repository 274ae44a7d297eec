import { createContext } from "react-router";
import { silentLogger, type Logger } from "../../contract/shared/log.ts";
import type { ApiTransport, SessionMemo } from "../../contract/shared/transport.ts";

export type { ApiTransport };

/** What server.ts hands every loader and action: the way to reach the upstream API, and facts of this request. */
import type { PageClock } from "../speed/page-clock.ts";

export type WebDeps = {
  /** The API, on behalf of the client at `clientIp`: in-process by default, over HTTP with API_ORIGIN. */
  api: ApiTransport;
  /** The sessions this page has resolved, shared by its loaders' calls (contract/shared/transport.ts). */
  sessions?: SessionMemo;
  /** The address of the browser this request came from (server/proxy.ts). */
  clientIp: string;
  /** This response's script nonce (Content-Security-Policy). */
  nonce: string;
  /** The site's public address (SITE_URL): canonical links and shared addresses use it, never the Host header. */
  siteUrl: string;
  log: Logger;
  /**
   * After a change to what every process keeps of the site (settings, nodes, info pages): tells the other
   * processes to forget theirs (api/lib/forgetting.ts); this one has forgotten already.
   */
  siteChanged: () => void;
  /** Names the request's route for its log line, metrics and trace: the matched pattern (`/art/:id`), not the path. */
  nameRoute: (pattern: string) => void;
  /** An error worth a person's attention, to the error reports when SENTRY_DSN is set (server/error-reports.ts). */
  reportError: (error: unknown, where: string) => void;
  /** The browser's side of the error reports (app/entry.client.tsx), when they are on. */
  browserReports: { dsn: string; release: string } | null;
  /** This request's id (server/observe.ts): the browser's reports of the page it drew name it. */
  requestId: string;
  /** A visitor's page the server may store: when its words change by themselves (app/speed/page-clock.ts). */
  pageClock?: PageClock;
};

/** The web's one context key. server.ts takes it from the build (app/entry.server.tsx), so there is one of it. */
export const webContext = createContext<WebDeps>();

/** The request facts a test of a loader or the API client does not care about. */
export const testWebDeps: Omit<WebDeps, "api"> = {
  siteChanged: () => {},
  nameRoute: () => {},
  reportError: () => {},
  browserReports: null,
  requestId: "",
  nonce: "",
  siteUrl: "http://site.test",
  log: silentLogger,
  clientIp: "",
};
