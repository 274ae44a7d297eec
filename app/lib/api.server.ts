import type { RouterContextProvider } from "react-router";
import { webContext } from "./context.ts";
import { readToken } from "./cookies.server.ts";
import { ErrorCode } from "../../contract/errors.ts";
import { pathOf, type AnswerOf, type Endpoint, type ParamsOf } from "../../contract/endpoint.ts";

/** A rejected API call (requirements §7: anything but HTTP 200 with success true). */
export class ApiFailure extends Error {
  readonly status: number;
  readonly errorCode: number;
  readonly fieldErrors: Record<string, string>;
  constructor(status: number, errorCode: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.fieldErrors = fieldErrors;
  }
}

export const CLIENT_NAME = "yishe-web";

export type Query = Record<string, string | number | undefined | null>;
/** A post the browser sent, handed on as it is (the uploader's multipart, to the API's file route): never parsed here. */
export type PassedOn = { passOn: Request };
export type Body = Record<string, string | number | undefined | null> | FormData | PassedOn;
const isPassedOn = (body: Body | undefined): body is PassedOn =>
  body !== undefined && !(body instanceof FormData) && body.passOn instanceof Request;

/** What a call sends beside its endpoint: the path's parameters (required when it has some), a query, a body. */
export type CallInput<E extends Endpoint> = { query?: Query; body?: Body } & ([ParamsOf<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<E["path"]> });
type CallArgs<E extends Endpoint> = [ParamsOf<E["path"]>] extends [never]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

export type ApiClient = {
  token: string | null;
  /** Calls an endpoint declared in contract/endpoints/, and answers what it declares (its envelope's data). */
  call<E extends Endpoint>(endpoint: E, ...input: CallArgs<E>): Promise<AnswerOf<E>>;
  /** An endpoint whose answer is handed on as it comes (a stream of events), not read as an envelope. */
  open(endpoint: Endpoint & { raw: true }, signal?: AbortSignal, body?: Body): Promise<Response>;
};

function searchParams(values: Record<string, string | number | undefined | null>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) params.set(k, String(v));
  return params;
}

/**
 * The one way loaders and actions reach the upstream API: the request carries the client name and, when the
 * cookie holds one, the user's token (docs/architecture.md). `token` overrides the cookie, for the call right after sign-in.
 */
export function apiClient(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token = readToken(request),
): ApiClient {
  const { api, clientIp } = context.get(webContext);
  const origin = new URL(request.url).origin;
  const headers = (): Headers => {
    const h = new Headers({ "X-Client": CLIENT_NAME, Accept: "application/json" });
    if (token) h.set("X-User-Token", token);
    // The browser's own name goes along: a session is listed by it (编辑资料 → 账号).
    const agent = request.headers.get("user-agent");
    if (agent) h.set("User-Agent", agent.slice(0, 300));
    return h;
  };
  const send = async (req: Request): Promise<unknown> => {
    // The browser's address goes along: the API limits sign-in attempts by it.
    const { status, envelope } = await api.call(req, clientIp);
    if (status === 200 && envelope.success === true) return envelope.data;
    const fieldErrors = (envelope.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
    throw new ApiFailure(status, envelope.errorCode ?? ErrorCode.internal, envelope.message || "请求失败", fieldErrors);
  };
  const call = (
    endpoint: Endpoint,
    input: { params?: Record<string, string | number>; query?: Query; body?: Body } = {},
  ) => {
    const qs = input.query ? searchParams(input.query).toString() : "";
    const url = `${origin}/api${pathOf(endpoint, input.params)}${qs ? `?${qs}` : ""}`;
    if (endpoint.method === "GET") return send(new Request(url, { headers: headers() }));
    const h = headers();
    let payload: BodyInit | undefined;
    if (input.body instanceof FormData) payload = input.body;
    else if (isPassedOn(input.body)) {
      const from = input.body.passOn;
      for (const name of ["content-type", "content-length"]) {
        const value = from.headers.get(name);
        if (value) h.set(name, value);
      }
      payload = from.body ?? undefined;
    } else if (input.body) {
      h.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
      payload = searchParams(input.body);
    }
    const init = { method: "POST", headers: h, body: payload, duplex: "half" };
    return send(new Request(url, init as RequestInit));
  };
  return {
    token,
    call: call as unknown as ApiClient["call"],
    open: (endpoint, signal, body) => {
      const h = headers();
      if (isPassedOn(body)) throw new Error("a stream's endpoint takes a form, not a post handed on");
      if (body && !(body instanceof FormData)) h.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
      const payload = body instanceof FormData ? body : body ? searchParams(body) : undefined;
      const init = { method: endpoint.method, headers: h, body: payload, signal };
      return api.fetch(new Request(`${origin}/api${pathOf(endpoint)}`, init), clientIp);
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
