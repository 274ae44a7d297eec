import type { Context } from "hono";
import type { Deps } from "../services/deps.ts";
import type { CurrentUserView } from "../../contract/signin/views.ts";
import type { AnyInput, ApiSession } from "../../contract/shared/transport.ts";
import type { Endpoint, InputOf } from "../../contract/shared/endpoint.ts";
import type { ApiEnv } from "../context.ts";
import { readBody } from "../lib/validate.ts";

/** What a call carries in, however it came: over HTTP, or from a page's loader in this process. */
export type CallFacts = {
  readonly token: string;
  /** A personal access token (`Authorization: Bearer`), for a call that came over HTTP from a bot or an app. */
  readonly bearer: string;
  /** The caller's address, as server.ts decided it (the socket, or a trusted proxy's entry). */
  readonly ip: string;
  /** The client's own name for itself (User-Agent): a session is listed by it. */
  readonly agent: string;
  /** The address the caller is using, where a provider returns it when SITE_URL is unset. */
  readonly origin: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** The body as a plain record (a form's fields, or a JSON object), read once. */
  body(): Promise<Record<string, unknown>>;
  /** Ends when the caller goes away. */
  readonly signal: AbortSignal;
  /** The HTTP request, when the call came as one: a file's multipart streams from it. */
  readonly request: Request | null;
};

/** What every handler sees: the call, the dependencies, and who is signed in (resolved before the handler). */
export type ApiCall = CallFacts & { readonly deps: Deps; readonly user: CurrentUserView | null };

/** What a handler sees: the call, and its input parsed by its endpoint's declaration (api/serve/input.ts). */
export type HandlerCall<E extends Endpoint = Endpoint> = CallBase & { readonly input: InputOf<E> };

/** A call as a handler's helpers see it: who, from where, with what; its input only as the declaration parsed it. */
export type CallBase = Omit<ApiCall, "params" | "query" | "body">;

const once = <T>(read: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
};

/** The facts of a call that came over HTTP, through the Hono app. */
export function httpFacts(c: Context<ApiEnv>): CallFacts {
  return {
    token: c.req.header("x-user-token") ?? "",
    bearer: /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "",
    // Given by server.ts beside the request, from the socket or a trusted proxy; no header a client writes.
    ip: c.env?.clientIp ?? "",
    agent: c.req.header("user-agent") ?? "",
    origin: new URL(c.req.url).origin,
    params: c.req.param() as Record<string, string>,
    query: c.req.query(),
    body: once(() => readBody(c.req)),
    signal: c.req.raw.signal,
    request: c.req.raw,
  };
}

const never = new AbortController().signal;

/** Each value as the text a form or query string would carry (a list as the field repeated); absent ones left out. */
function strings(values: Record<string, unknown> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (values)
    for (const [k, v] of Object.entries(values))
      if (v !== undefined && v !== null) out[k] = Array.isArray(v) ? v.map(String) : String(v);
  return out;
}

/** The facts of a call a page's loader makes in this process: the same text an HTTP call would carry. */
export function plainFacts(input: AnyInput, session: ApiSession): CallFacts {
  const body = strings(input.body as Record<string, unknown> | undefined);
  return {
    token: session.token ?? "",
    bearer: "",
    ip: session.clientIp,
    agent: session.agent ?? "",
    origin: session.origin,
    params: strings(input.params) as Record<string, string>,
    query: strings(input.query) as Record<string, string>,
    body: async () => body,
    signal: never,
    request: null,
  };
}
