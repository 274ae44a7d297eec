/**
 * The two ways a page reaches the API (contract/shared/transport.ts). In this process a call runs its endpoint's handler
 * and answers the value it made; over HTTP (API_ORIGIN) it is a request whose envelope is read. Files posted as
 * they came and streams are HTTP by nature, and go as requests either way.
 */
import { isDeepStrictEqual } from "node:util";
import { pathOf, type Endpoint, type Envelope } from "../../contract/shared/endpoint.ts";
import { ErrorCode } from "../../contract/shared/errors.ts";
import {
  isPassedOn,
  type ApiSession,
  type ApiTransport,
  type Body,
  type AnyInput,
} from "../../contract/shared/transport.ts";
import { ApiError } from "../lib/errors.ts";
import { inSpan } from "../lib/telemetry.ts";

/** The name every call from the pages carries (`X-Client`). */
export const CLIENT_NAME = "yishe-web";

type Fetch = (request: Request, clientIp: string) => Promise<Response>;
type InProcessApi = {
  call(endpoint: Endpoint, input: AnyInput, session: ApiSession): Promise<unknown>;
  fetch: Fetch;
};

/**
 * The API in this process: a call is its handler's value, with no JSON or request between. With `checked` (the
 * tests and the dev server) each value is a frozen copy of what its JSON would give. `track` wraps each call (the
 * site closes the database only after the last).
 */
export function inProcess(
  api: InProcessApi,
  options: { checked?: boolean; track?: <T>(work: Promise<T>) => Promise<T> } = {},
): ApiTransport {
  const track = options.track ?? ((work) => work);
  const fetch: Fetch = (request, clientIp) => track(api.fetch(request, clientIp));
  const files = overHttp(fetch);
  return {
    call: (endpoint, input, session) => {
      const { body } = input as AnyInput;
      if (body instanceof FormData || isPassedOn(body)) return files.call(endpoint, input, session);
      const name = `api ${endpoint.method} /api${endpoint.path}`;
      return track(
        inSpan(name, {}, async () => {
          try {
            const value = await api.call(endpoint, input as AnyInput, session);
            return { ok: true, value: (options.checked ? frozenCopy(value, endpoint.path) : value) as never };
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            const { status, errorCode, message } = err;
            return { ok: false, refusal: { status, errorCode, message, fieldErrors: err.fieldErrors ?? {} } };
          }
        }),
      );
    },
    open: files.open,
    fetch,
  };
}

/** The API elsewhere (API_ORIGIN), or anything that answers Fetch's way: each call a request, its envelope read. */
export function overHttp(fetch: Fetch): ApiTransport {
  return {
    call: async (endpoint, input, session) => {
      const res = await fetch(requestOf(endpoint, input, session), session.clientIp);
      const envelope = await envelopeIn(res);
      if (res.status === 200 && envelope.success === true) return { ok: true, value: envelope.data as never };
      const fieldErrors = (envelope.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
      const errorCode = envelope.errorCode ?? ErrorCode.internal;
      const message = envelope.message || "请求失败";
      return { ok: false, refusal: { status: res.status, errorCode, message, fieldErrors } };
    },
    open: (endpoint, input, session, signal) => fetch(requestOf(endpoint, input, session, signal), session.clientIp),
    fetch,
  };
}

const searchParams = (values: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) params.set(k, String(v));
  return params;
};

/** A call as an HTTP request: the client's name, the token and the browser's name as headers, a form as its body. */
function requestOf(endpoint: Endpoint, input: AnyInput, session: ApiSession, signal?: AbortSignal) {
  const qs = input.query ? searchParams(input.query).toString() : "";
  const url = `${session.origin}/api${pathOf(endpoint, input.params)}${qs ? `?${qs}` : ""}`;
  const headers = new Headers({ "X-Client": CLIENT_NAME, Accept: "application/json" });
  if (session.token) headers.set("X-User-Token", session.token);
  if (session.agent) headers.set("User-Agent", session.agent);
  const body: Body | undefined = input.body;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (isPassedOn(body)) {
    for (const name of ["content-type", "content-length"]) {
      const value = body.passOn.headers.get(name);
      if (value) headers.set(name, value);
    }
    payload = body.passOn.body ?? undefined;
  } else if (body) {
    headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
    payload = searchParams(body);
  }
  const init = { method: endpoint.method, headers, body: payload, signal, duplex: "half" };
  return new Request(url, init as RequestInit);
}

/** The envelope in an answer's body; a body that is none (a proxy's error page) reads as the API being away. */
async function envelopeIn(res: Response): Promise<Envelope> {
  try {
    return (await res.json()) as Envelope;
  } catch {
    return { success: false, errorCode: ErrorCode.internal, message: "服务暂时不可用，请稍后再试", data: null };
  }
}

/**
 * A checked value must be what its JSON would give: a loader that changed an answer would change it for every page
 * sharing it (the API's cached lists and settings), and a value JSON would not carry (a date, `undefined`, NaN)
 * would reach a page only here.
 */
function frozenCopy<T>(value: T, path: string): T {
  const copy = (value === undefined ? undefined : JSON.parse(JSON.stringify(value))) as T;
  if (!isDeepStrictEqual(copy, value))
    throw new Error(
      `An API answer made in this process is not what its JSON gives (${path}): ${JSON.stringify(value)}`,
    );
  return deepFreeze(copy);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
