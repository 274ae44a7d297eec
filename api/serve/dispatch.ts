import { isStatementTimeout } from "../db/index.ts";
import { sessionUser } from "../services/signin/auth.ts";
import { tokenGrant } from "../services/signin/access-tokens.ts";
import { tokenScopes } from "../../contract/account/tokens.ts";
import { tokenScopeOf } from "../lib/token-scopes.ts";
import { tooMany } from "../lib/rate-limit.ts";
import type { Deps } from "../services/deps.ts";
import { describeError } from "../../contract/shared/log.ts";
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import { signin } from "../../contract/signin/endpoints.ts";
import type { SessionMemo } from "../../contract/shared/transport.ts";
import type { CallFacts } from "./call.ts";
import { inputOf } from "./input.ts";
import type { Route } from "../lib/endpoint.ts";
import { ApiError } from "../lib/errors.ts";
import { reportError } from "../lib/error-reports.ts";
import { nameRoute, nameUser } from "../lib/request-facts.ts";
import { nameSpan } from "../lib/telemetry.ts";

/** A post declared to read or count only (a view is held in memory, not written): sessions and shared lists stay. */
export const writes = (endpoint: Endpoint) => endpoint.method !== "GET" && !endpoint.reads;

/**
 * One call to one endpoint, however it came (api/app.ts for HTTP, api/transport.ts for a page in this process):
 * who is signed in, the route's guards, the handler, and what a write changes for everyone. Answers the handler's
 * value; a refusal is thrown as the ApiError it is.
 */
export async function dispatch(deps: Deps, route: Route, facts: CallFacts, memo?: SessionMemo): Promise<unknown> {
  const { endpoint } = route;
  // A write may change who the token is (signed out, renamed, banned): it asks afresh, and so does the page after.
  const mayChangeSession = writes(endpoint) || endpoint.path === signin.signout.path;
  const sessions = mayChangeSession ? undefined : memo;
  if (!sessions) memo?.clear();
  const user = facts.bearer
    ? await tokenUser(deps, endpoint, facts.bearer)
    : await resolveSession(deps, facts.token, sessions);
  nameUser(user?.id);
  // The request's route is the endpoint's pattern unless a page asked (then the page's); its span is the endpoint's.
  nameRoute(`/api${endpoint.path}`);
  nameSpan(`api ${endpoint.method} /api${endpoint.path}`);
  const call = { ...facts, deps, user };
  try {
    for (const guard of route.guards) guard(call);
    const value = await route.handler({ ...call, input: await inputOf(endpoint, facts) });
    // Whatever a write changed, no list shared before it is handed out after it. A write that was refused changed
    // nothing, and a stranger's posts to nowhere must not empty every process's caches.
    if (writes(endpoint)) {
      deps.listings.changed();
      // Visitors' stored pages this write changed go before it is answered (api/lib/page-topics.ts).
      await deps.pages.written(endpoint, facts, user?.id ?? null);
    }
    return value;
  } finally {
    if (!sessions) memo?.clear();
  }
}

/** The token's user, asked of the database once per page for the reads its loaders make (SessionMemo). */
function resolveSession(deps: Deps, token: string, sessions: SessionMemo | undefined) {
  if (!sessions || !token) return sessionUser(deps, token);
  let user = sessions.get(token);
  if (!user) sessions.set(token, (user = sessionUser(deps, token)));
  return user;
}

/**
 * The member a personal access token speaks for, when it may call this endpoint: refused when it is unknown, expired
 * or revoked, when the endpoint is outside its scopes (or outside every token's), or past its own rate.
 */
async function tokenUser(deps: Deps, endpoint: Endpoint, bearer: string) {
  const grant = await tokenGrant(deps, bearer);
  if (!grant) throw new ApiError("tokenInvalid", "访问令牌无效、已过期或已被撤销");
  const needs = tokenScopeOf(endpoint);
  if (!needs) throw new ApiError("forbidden", "访问令牌不能用于此接口");
  if (needs !== "any" && !grant.scopes.includes(needs))
    throw new ApiError("forbidden", `该访问令牌没有“${tokenScopes.find((s) => s.key === needs)!.label}”权限`);
  const wait = await deps.limiter.hit("accessToken", String(grant.tokenId));
  if (wait) throw tooMany(wait, "该访问令牌调用太频繁");
  return grant.user;
}

/** What the caller is told of a failure: a refusal as it is; anything else logged, reported and said plainly. */
export function refusalOf(err: unknown, deps: Deps, where: { method: string; path: string }): ApiError {
  if (err instanceof ApiError) return err;
  if (isStatementTimeout(err)) {
    deps.log.warn("statement timeout", where);
    return new ApiError("busy");
  }
  deps.log.error("api error", { ...where, error: describeError(err), stack: (err as Error).stack });
  reportError(err, "api");
  return new ApiError("internal");
}
