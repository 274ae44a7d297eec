import type { AnswerOf, Endpoint } from "../../contract/shared/endpoint.ts";
import * as all from "../../contract/endpoints.ts";
import type { ApiCall, HandlerCall } from "../serve/call.ts";

type Handler<E extends Endpoint> = (c: HandlerCall<E>) => Promise<AnswerOf<E>>;

/** One endpoint's handler, by its declaration in contract/<domain>/endpoints.ts. */
export type Route = {
  endpoint: Endpoint;
  handler: (c: HandlerCall) => Promise<unknown>;
  /** Checks that run before the handler (the admin area's: staff only). */
  guards: ((c: ApiCall) => void)[];
};

/**
 * A group of endpoints, each registered by its declaration: the path is the declaration's, and the handler's
 * answer must be of the declared type (the typecheck refuses another). The handler answers a value; api/app.ts
 * wraps it in the envelope for HTTP, and a page's call in this process takes it as it is.
 */
export function endpoints() {
  const routes: Route[] = [];
  const guards: [prefix: string, guard: (c: ApiCall) => void][] = [];
  const group = {
    routes,
    answer<E extends Endpoint>(endpoint: E, handler: Handler<E>) {
      routes.push({ endpoint, handler: handler as Route["handler"], guards: [] });
      return group;
    },
    /** An endpoint whose answer is not an envelope (a picture, an event stream). */
    respond<E extends Endpoint & { raw: true }>(
      endpoint: E,
      handler: (c: HandlerCall<E>) => Response | Promise<Response>,
    ) {
      routes.push({ endpoint, handler: async (c) => handler(c as HandlerCall<E>), guards: [] });
      return group;
    },
    /** A check for every endpoint of this group under `prefix` (the admin area's). */
    guard(prefix: string, guard: (c: ApiCall) => void) {
      guards.push([prefix, guard]);
      return group;
    },
    /** The group's routes, each with the guards of its prefix. */
    get all(): Route[] {
      for (const route of routes) addGuards(route, guards);
      return routes;
    },
  };
  return group;
}

function addGuards(route: Route, guards: [string, (c: ApiCall) => void][]) {
  route.guards = guards
    .filter(([prefix]) => route.endpoint.path === prefix || route.endpoint.path.startsWith(`${prefix}/`))
    .map(([, guard]) => guard);
}

/** Every endpoint declared in contract/<domain>/endpoints.ts. */
export function declaredEndpoints(): Endpoint[] {
  return Object.values(all).flatMap((domain) => Object.values(domain) as Endpoint[]);
}
