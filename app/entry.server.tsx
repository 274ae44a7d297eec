import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { webContext } from "./lib/context.ts";
import { NonceContext } from "./lib/nonce.ts";
import { SharedMarkupContext } from "./speed/shared-markup.ts";
import { sharedMarkup } from "./speed/shared-markup.server.ts";
import { withPageClock } from "./speed/page-clock.server.ts";
import { holdScripts } from "./speed/scripts-after-paint.server.ts";
import { describeError } from "../contract/shared/log.ts";

// Kept markup is keyed by a piece's data, not by its code: under the dev server an edited card would keep its old look.
const shared = import.meta.env.DEV ? null : sharedMarkup();

export const streamTimeout = 5_000;

/**
 * What server.ts takes from the build beside the render, so that each exists once in the process: the web's
 * context key, and the way to forget the site's settings this process keeps when another one changed them.
 */
export { webContext } from "./lib/context.ts";
export { forgetSiteCacheHere } from "./lib/site.server.ts";

/**
 * Renders a page as React Router's default does, with two additions: every inline script React Router writes
 * carries this response's nonce, which the Content-Security-Policy (server/security.ts) names, and the page's
 * scripts wait for its first frame (app/speed/scripts-after-paint.server.ts).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status, headers });
  }
  const { nonce, pageClock } = loadContext.get(webContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const ready: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = withPageClock(pageClock, () =>
      renderToPipeableStream(
        <NonceContext.Provider value={nonce}>
          <SharedMarkupContext.Provider value={shared}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </SharedMarkupContext.Provider>
        </NonceContext.Provider>,
        {
          nonce,
          [ready]() {
            shellRendered = true;
            const body = new PassThrough({
              final(callback) {
                clearTimeout(timer);
                timer = undefined;
                callback();
              },
            });
            headers.set("Content-Type", "text/html; charset=utf-8");
            // The dev server's scripts (its HMR client) start as Vite writes them.
            // A reader gone destroys the whole line, so that React stops rendering for no one.
            const sent = import.meta.env.DEV ? body : pipeline(body, holdScripts(), () => {});
            pipe(body);
            resolve(new Response(createReadableStreamFromReadable(sent), { headers, status }));
          },
          onShellError: reject,
          onError(error: unknown) {
            status = 500;
            if (shellRendered) {
              const web = loadContext.get(webContext);
              web.log.error("render error", { path: new URL(request.url).pathname, error: describeError(error) });
              web.reportError(error, "render");
            }
          },
        },
      ),
    );
  });
}

/**
 * Errors in loaders, actions and rendering become one JSON log line through the project logger (never a stack
 * trace on stderr); a request the client gave up on is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { log, reportError } = context.get(webContext);
  const fields = { method: request.method, path: new URL(request.url).pathname };
  if (error instanceof Error) {
    log.error("page error", {
      ...fields,
      error: error.message,
      stack: error.stack?.split("\n").slice(0, 6).join(" | "),
    });
    reportError(error, "page");
  }
  // A response thrown on purpose (404, 403, a refused method): its status and what it says, never [object Object].
  else if (isRouteErrorResponse(error))
    log.warn("page error", {
      ...fields,
      error: `${error.status} ${error.statusText}`.trim(),
      data: describe(error.data),
    });
  else log.warn("page error", { ...fields, error: describe(error) });
};

function describe(value: unknown): string {
  if (typeof value === "string") return value.slice(0, 300);
  try {
    return JSON.stringify(value)?.slice(0, 300) ?? String(value);
  } catch {
    return String(value);
  }
}
