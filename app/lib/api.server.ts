import type { RouterContextProvider } from "react-router";
import { webContext } from "./context.ts";
import { readToken } from "./cookies.server.ts";

/** A rejected API call (spec §7: anything but HTTP 200 with success true). */
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
export type Body = Record<string, string | number | undefined | null> | FormData;

export type ApiClient = {
  token: string | null;
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: Body): Promise<T>;
  /** A GET whose answer is handed on as it comes (a stream of events), not read as an envelope. */
  open(path: string, signal?: AbortSignal): Promise<Response>;
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
  const { apiFetch, clientIp } = context.get(webContext);
  const origin = new URL(request.url).origin;
  const headers = (): Headers => {
    const h = new Headers({ "X-Client": CLIENT_NAME, Accept: "application/json" });
    if (token) h.set("X-User-Token", token);
    // The browser's own name goes along: a session is listed by it (编辑资料 → 账号).
    const agent = request.headers.get("user-agent");
    if (agent) h.set("User-Agent", agent.slice(0, 300));
    return h;
  };
  const send = async <T>(req: Request): Promise<T> => {
    // The browser's address goes along: the API limits sign-in attempts by it.
    const res = await apiFetch(req, clientIp, { envelope: true });
    let body: { success?: boolean; errorCode?: number; message?: string; data?: unknown } = {};
    try {
      body = await res.json();
    } catch {
      throw new ApiFailure(res.status, 5000, "服务暂时不可用，请稍后再试");
    }
    if (res.status === 200 && body.success === true) return body.data as T;
    const fieldErrors = (body.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
    throw new ApiFailure(res.status, body.errorCode ?? 5000, body.message || "请求失败", fieldErrors);
  };
  return {
    token,
    get: (path, query) => {
      const qs = query ? searchParams(query).toString() : "";
      return send(new Request(`${origin}/api${path}${qs ? `?${qs}` : ""}`, { headers: headers() }));
    },
    post: (path, body) => {
      const h = headers();
      let payload: BodyInit | undefined;
      if (body instanceof FormData) payload = body;
      else if (body) {
        h.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
        payload = searchParams(body);
      }
      return send(new Request(`${origin}/api${path}`, { method: "POST", headers: h, body: payload }));
    },
    open: (path, signal) => apiFetch(new Request(`${origin}/api${path}`, { headers: headers(), signal }), clientIp),
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
