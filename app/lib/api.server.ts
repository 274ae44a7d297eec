import type { RouterContextProvider } from "react-router";
import { webContext } from "./context.ts";
import { readToken } from "./cookies.server.ts";
import type { AnswerOf, Endpoint, ParamsOf } from "../../contract/shared/endpoint.ts";
import {
  ApiFailure,
  isPassedOn,
  type AnyInput,
  type ApiSession,
  type Body,
  type BodyOf,
  type CallInput,
  type PassedOn,
  type Query,
} from "../../contract/shared/transport.ts";

export { ApiFailure };
export type { Body, BodyOf, CallInput, PassedOn, Query };

type CallArgs<E extends Endpoint> = [ParamsOf<E["path"]>] extends [never]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

export type ApiClient = {
  token: string | null;
  /** Calls an endpoint declared in contract/<domain>/endpoints.ts, and answers what it declares; a refusal throws ApiFailure. */
  call<E extends Endpoint>(endpoint: E, ...input: CallArgs<E>): Promise<AnswerOf<E>>;
  /** An endpoint whose answer is handed on as it comes (a stream of events), not read as an envelope. */
  open<E extends Endpoint & { raw: true }>(
    endpoint: E,
    signal?: AbortSignal,
    body?: BodyOf<E>,
    /** A file's path and query (a commission's picture). */
    at?: { params?: Record<string, string | number>; query?: Record<string, string> },
  ): Promise<Response>;
};

/**
 * The one way loaders and actions reach the upstream API (docs/architecture.md): each call carries who asks, the
 * cookie's token (or `token`, for the call right after sign-in), the browser's address and name.
 */
export function apiClient(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token = readToken(request),
): ApiClient {
  const { api, clientIp, sessions } = context.get(webContext);
  const agent = request.headers.get("user-agent")?.slice(0, 300);
  const session: ApiSession = { token, clientIp, agent, origin: new URL(request.url).origin, memo: sessions };
  return {
    token,
    call: (async (endpoint: Endpoint, input: AnyInput = {}) => {
      const outcome = await api.call(endpoint, input as CallInput<Endpoint>, session);
      if (outcome.ok) return outcome.value;
      throw ApiFailure.of(outcome.refusal);
    }) as ApiClient["call"],
    open: (endpoint, signal, body, at) => {
      if (isPassedOn(body)) throw new Error("a stream's endpoint takes a form, not a post handed on");
      return api.open(endpoint, { ...at, body: body as Body }, session, signal);
    },
  };
}

/** A loader's call whose failure is the page's error (404, 403, ...): the one place that makes that turn. */
export async function orErrorPage<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    asPageError(err);
  }
}

/** Turns a failed call into the page's error response (404, 403, ...) for the error boundary. */
export function asPageError(err: unknown): never {
  if (err instanceof ApiFailure) {
    // The message goes in the body: a status text must be plain ASCII.
    throw new Response(err.message, { status: err.status >= 400 ? err.status : 500 });
  }
  throw err;
}
