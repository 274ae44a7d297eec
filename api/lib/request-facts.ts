import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * What is known of the request this code runs for, wherever it runs: the site's request log (server/observe.ts)
 * opens it, the web's root middleware names the page's route, the API names its endpoint's and the signed-in member.
 * Every log line, error report and span written while it runs carries its id: in-process API calls, mail sent
 * beside an answer and background work started by it included (AsyncLocalStorage follows the promises).
 */
export type RequestFacts = {
  id: string;
  method: string;
  ip: string;
  /** The route's pattern (`/art/:id`, `/api/works/:id`), never the raw path: bounded, and nobody's address. */
  route?: string;
  userId?: number;
};

const store = new AsyncLocalStorage<RequestFacts>();

export const withRequest = <T>(facts: RequestFacts, run: () => T): T => store.run(facts, run);

/** The facts of the request being served, or undefined outside one (a timer, the start). */
export const requestFacts = (): RequestFacts | undefined => store.getStore();

/** Names the route once: the outermost who knows it (the page, for the API calls of its loaders) says it first. */
export function nameRoute(route: string) {
  const facts = store.getStore();
  if (facts && !facts.route) facts.route = route;
}

export function nameUser(userId: number | undefined) {
  const facts = store.getStore();
  if (facts && userId) facts.userId = userId;
}

/** What an id from a proxy may look like: a uuid, a hex trace id, nginx's $request_id, Caddy's. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** `X-Request-Id` as a trusted proxy set it, else a new one: a client outside cannot choose the id of its line. */
export function requestIdOf(request: Request, trusted: boolean): string {
  if (trusted) {
    const given = request.headers.get("x-request-id");
    if (given && GIVEN_ID.test(given)) return given;
  }
  return randomUUID();
}
