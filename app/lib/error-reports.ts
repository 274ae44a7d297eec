import type { WebDeps } from "./context.ts";

/**
 * The browser's error reports (SENTRY_DSN): what the page tells its scripts, in a meta tag read before hydration
 * (app/entry.client.tsx), so that an error in hydrating is reported too. The DSN's key is public by design.
 */
export const REPORTS_META = "error-reports";
export type BrowserReports = { dsn: string; release: string; requestId: string };

export const browserReports = (web: WebDeps): BrowserReports | null =>
  web.browserReports && { ...web.browserReports, requestId: web.requestId };
