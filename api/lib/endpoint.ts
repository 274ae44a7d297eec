import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ApiEnv } from "../context.ts";
import { pathPattern, type AnswerOf, type Endpoint } from "../../contract/endpoint.ts";
import * as all from "../../contract/endpoints/index.ts";
import { ok } from "./envelope.ts";
import { nameRoute } from "./request-facts.ts";
import { nameSpan } from "./telemetry.ts";

type Handler<E extends Endpoint> = (c: Context<ApiEnv>) => Promise<AnswerOf<E>>;

/**
 * A group of endpoints as a Hono app, each registered by its declaration in contract/endpoints/: the path is the
 * declaration's, and the handler's answer must be of the declared type (the typecheck refuses another). The
 * handler answers a value; it is wrapped in the envelope here.
 */
export function endpoints() {
  const app = new Hono<ApiEnv>();
  const group = {
    app,
    answer<E extends Endpoint>(endpoint: E, handler: Handler<E>) {
      app.on(endpoint.method, endpoint.path, async (c) => {
        named(endpoint);
        return ok(c, await handler(c));
      });
      return group;
    },
    /** An endpoint whose answer is not an envelope (a picture, an event stream). */
    respond(endpoint: Endpoint & { raw: true }, handler: (c: Context<ApiEnv>) => Response | Promise<Response>) {
      app.on(endpoint.method, endpoint.path, (c) => {
        named(endpoint);
        return handler(c);
      });
      return group;
    },
    /** Middleware for the paths under `prefix` (an admin check, say). */
    use(prefix: string, middleware: MiddlewareHandler<ApiEnv>) {
      app.use(`${prefix}/*`, middleware);
      return group;
    },
  };
  return group;
}

/** The request's route is the endpoint's pattern unless a page asked (then the page's); its span is the endpoint's. */
function named(endpoint: Endpoint) {
  const route = `/api${endpoint.path}`;
  nameRoute(route);
  nameSpan(`api ${endpoint.method} ${route}`);
}

/** The paths (under /api) of the posts declared to change nothing stored. */
export function endpointsThatRead(): RegExp[] {
  return Object.values(all)
    .flatMap((domain) => Object.values(domain) as Endpoint[])
    .filter((e) => e.method === "POST" && e.reads)
    .map(pathPattern);
}
