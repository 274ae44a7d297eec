import { requestFacts } from "./request-facts.ts";
import { carryTrace } from "./telemetry.ts";

/**
 * An upstream API reached over HTTP: the request goes on with its method, headers and body, and the client's
 * address in X-Forwarded-For, the request's id in X-Request-Id (the API process reads both when it runs with
 * TRUST_PROXY) and the trace in `traceparent`.
 */
export function forwardTo(origin: string) {
  return async (request: Request, clientIp = ""): Promise<Response> => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    if (clientIp) headers.set("X-Forwarded-For", clientIp);
    else headers.delete("X-Forwarded-For");
    const facts = requestFacts();
    if (facts) headers.set("X-Request-Id", facts.id);
    carryTrace(headers);
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual" };
    if (request.method !== "GET" && request.method !== "HEAD") {
      init.body = request.body;
      init.duplex = "half";
    }
    return fetch(origin + url.pathname + url.search, init);
  };
}
