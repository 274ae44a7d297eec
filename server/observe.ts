import type { Context, Next } from "hono";
import type { Logger } from "../contract/shared/log.ts";
import {
  httpDuration,
  methodLabel,
  requestIdOf,
  withRequest,
  type RequestFacts,
  startRequestSpan,
  tracingOn,
  withSpan,
} from "../api/index.ts";
import type { SiteEnv } from "./security.ts";

/**
 * Every request but the probes: its id (X-Request-Id from a trusted proxy, else a new one, sent back in the same
 * header), its facts for everything that runs for it (api/lib/request-facts.ts), its root span when tracing, and at
 * its end one log line and one observation of `http_request_duration_seconds`:
 *
 *   {"level":"info","pid":…,"worker":…,"reqId":…,"msg":"request","method":"GET","route":"/art/:id","status":200,
 *    "bytes":31245,"ms":6.2,"ip":"…","userId":…}
 *
 * The end is the answer's last byte handed to the system (Node's `finish`), or the client going away first
 * (`aborted: true`); `bytes` is what went out on the connection for it, head and body (keep-alive answers one at a
 * time). Without a Node response (tests, the bench) the end is when the handler answers.
 */
export function observe(log: Logger, trustProxy: boolean) {
  return async (c: Context<SiteEnv>, next: Next) => {
    const started = performance.now();
    const request = c.req.raw;
    const facts: RequestFacts = { id: requestIdOf(request, trustProxy), method: request.method, ip: c.env.ip };
    // Its name and attributes are made only under tracing: off, the request pays for nothing of it.
    const span = tracingOn()
      ? startRequestSpan(`${request.method} ${c.req.path}`, request.headers, {
          "http.request.method": request.method,
          "url.path": c.req.path,
          "request.id": facts.id,
        })
      : undefined;
    const outgoing = c.env.outgoing;
    // Node detaches the socket from the answer at its end: kept here to read what went out on it.
    const socket = outgoing?.socket;
    const sentBefore = socket?.bytesWritten ?? 0;
    // Set on Node's answer ahead of its head, as the security headers are; else on the answer made.
    if (outgoing && !outgoing.headersSent) outgoing.setHeader("X-Request-Id", facts.id);
    // The handler's status once it has answered; a request cut before that (a client gone, a stop's deadline) is
    // logged as 499, nginx's "client closed request", with its id.
    let status: number | undefined = undefined;
    let done = false;
    const once = (code: number, bytes: number | undefined, aborted: boolean) => {
      if (done) return;
      done = true;
      end(code, bytes, aborted);
    };
    if (outgoing) {
      const sent = () => (socket ? Math.max(0, socket.bytesWritten - sentBefore) : undefined);
      outgoing.once("finish", () => once(status ?? outgoing.statusCode, sent(), false));
      outgoing.once("close", () => once(status ?? 499, sent(), !outgoing.writableFinished));
    }
    try {
      await withRequest(facts, () => withSpan(span, next));
    } catch (err) {
      // Hono answers a throw with its own 500 after this; the line still goes out.
      once(500, undefined, false);
      throw err;
    }
    status = c.res.status;
    if (!outgoing) {
      sayId(c, facts.id);
      once(status, Number(c.res.headers.get("content-length")) || undefined, false);
    }

    function end(code: number, bytes: number | undefined, aborted: boolean) {
      const ms = performance.now() - started;
      // The page's pattern (web), the endpoint's (API), else the site's own route (`/assets/*`, `/uploads/*`).
      const route = facts.route ?? c.req.routePath;
      httpDuration.observe({ route, method: methodLabel(facts.method), status: code }, ms / 1000);
      if (span) {
        span.updateName(`${facts.method} ${route}`);
        span.setAttributes({ "http.route": route, "http.response.status_code": code });
        span.end();
      }
      // Written after the request's own context has ended: its id is given here.
      log.info("request", {
        reqId: facts.id,
        method: facts.method,
        route,
        status: code,
        bytes,
        ms: Math.round(ms * 10) / 10,
        ip: facts.ip,
        ...(facts.userId ? { userId: facts.userId } : {}),
        ...(aborted ? { aborted } : {}),
      });
    }
  };
}

function sayId(c: Context<SiteEnv>, id: string) {
  try {
    c.res.headers.set("X-Request-Id", id);
  } catch {
    // A response passed on from fetch() has immutable headers: copy it once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("X-Request-Id", id);
  }
}
