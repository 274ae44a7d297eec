import type { Context, Next } from "hono";
import type { Logger } from "../../contract/log.ts";

/** One structured line per request: method, path, status, duration. */
export function requestLog(log: Logger) {
  return async (c: Context, next: Next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    log.info("request", { method: c.req.method, path: c.req.path, status: c.res.status, ms });
  };
}

/**
 * An upstream API reached over HTTP: the request goes on with its method, headers and body, and the client's
 * address in X-Forwarded-For (the API process reads it when it runs with TRUST_PROXY).
 */
export function forwardTo(origin: string) {
  return async (request: Request, clientIp = ""): Promise<Response> => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    if (clientIp) headers.set("X-Forwarded-For", clientIp);
    else headers.delete("X-Forwarded-For");
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual" };
    if (request.method !== "GET" && request.method !== "HEAD") {
      init.body = request.body;
      init.duplex = "half";
    }
    return fetch(origin + url.pathname + url.search, init);
  };
}
