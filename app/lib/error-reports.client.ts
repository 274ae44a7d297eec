import { REPORTS_META, type BrowserReports } from "./error-reports.ts";

/**
 * Reports the browser's errors (uncaught, unhandled rejections, React's hydration and render errors) when the page
 * says where (SENTRY_DSN). Sentry's browser client is fetched only at the first error: a page without errors, and a
 * site without SENTRY_DSN, loads none of it. A report names the build, the route (its id in the route table, never
 * the address, which may hold a search) and the request that drew the page; no breadcrumbs, no user, no cookies.
 */
let settings: BrowserReports | null | undefined;
let route = "";
let sending: Promise<(error: unknown, where: string) => void> | null = null;
const sent = new WeakSet<object>();

function read(): BrowserReports | null {
  if (settings === undefined) {
    const content = document.querySelector(`meta[name="${REPORTS_META}"]`)?.getAttribute("content");
    try {
      settings = content ? (JSON.parse(content) as BrowserReports) : null;
    } catch {
      settings = null;
    }
  }
  return settings;
}

/** The leaf route's id, kept as the reader moves (app/root.tsx). */
export const reportRoute = (id: string) => void (route = id);

export function reportBrowserError(error: unknown, where: string) {
  const on = read();
  if (!on) return;
  // React hands one error to several hooks; a report each time would count it twice.
  if (error && typeof error === "object") {
    if (sent.has(error)) return;
    sent.add(error);
  }
  sending ??= start(on);
  void sending.then((send) => send(error, where)).catch(() => {});
}

async function start(on: BrowserReports) {
  const sentry = await import("@sentry/browser");
  const client = new sentry.BrowserClient({
    dsn: on.dsn,
    release: on.release,
    integrations: [sentry.dedupeIntegration(), sentry.linkedErrorsIntegration()],
    transport: sentry.makeFetchTransport,
    stackParser: sentry.defaultStackParser,
    beforeSend(event) {
      delete event.user;
      if (event.request) event.request = { url: location.origin };
      return event;
    },
  });
  client.init();
  return (error: unknown, where: string) => {
    const scope = new sentry.Scope();
    scope.setTags({ where, route, request_id: on.requestId, side: "browser" });
    client.captureException(error, { originalException: error }, scope);
  };
}

/** Errors no code caught: the page's own, and promises nobody waited for. */
export function listenForBrowserErrors() {
  if (!read()) return;
  addEventListener("error", (e) => reportBrowserError(e.error ?? e.message, "window"));
  addEventListener("unhandledrejection", (e) => reportBrowserError(e.reason, "promise"));
}
