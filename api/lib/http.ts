import type { Context, Next } from "hono";
import type { Logger } from "./log.ts";

/** One structured line per request: method, path, status, duration. */
export function requestLog(log: Logger) {
  return async (c: Context, next: Next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    log.info("request", { method: c.req.method, path: c.req.path, status: c.res.status, ms });
  };
}

/** An upstream API reached over HTTP: the request goes on with its method, headers and body. */
export function forwardTo(origin: string) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers, redirect: "manual" };
    if (request.method !== "GET" && request.method !== "HEAD") {
      init.body = request.body;
      init.duplex = "half";
    }
    return fetch(origin + url.pathname + url.search, init);
  };
}
