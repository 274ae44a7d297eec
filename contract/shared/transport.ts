/**
 * How the web reaches the API: `transport.call(endpoint, input, session)` answers what the endpoint declares, or
 * says why not. In one process (api/transport.ts `inProcess`) the call goes straight to the endpoint's
 * handler; with API_ORIGIN (`overHttp`) it is an HTTP request with the same meaning. `fetch` is for what is HTTP by
 * nature: a file posted as it came, an event stream, a picture.
 */
import type { AnswerOf, Endpoint, FieldsOf, ParamsOf } from "./endpoint.ts";
import type { CurrentUserView } from "../signin/views.ts";

export type Query = Record<string, string | number | undefined | null>;
/** A post the browser sent, handed on as it is (the uploader's multipart, to the API's file route): never parsed. */
export type PassedOn = { passOn: Request };
export type Body = Record<string, string | number | undefined | null> | FormData | PassedOn;

export const isPassedOn = (body: Body | undefined): body is PassedOn =>
  body !== undefined && !(body instanceof FormData) && body.passOn instanceof Request;

/**
 * What a call sends beside its endpoint, by its declaration: the path's parameters (required when it has some), and a
 * query and a body with the declared fields only (none when it declares none; a file's post handed on as it came).
 */
export type CallInput<E extends Endpoint> = (E["query"] extends object
  ? { query?: FieldsOf<E["query"]> }
  : { query?: undefined }) &
  (E["upload"] extends string
    ? { body: PassedOn | FormData }
    : E["body"] extends object
      ? { body?: FieldsOf<E["body"]> }
      : { body?: undefined }) &
  ([ParamsOf<E["path"]>] extends [never] ? { params?: undefined } : { params: ParamsOf<E["path"]> });

/** The body a call to this endpoint may send: its declared fields only. */
export type BodyOf<E extends Endpoint> = FieldsOf<E["body"]>;

/** Any endpoint's input, as the transports handle it (a call's own is checked by `CallInput`). */
export type AnyInput = { params?: Record<string, string | number>; query?: Query; body?: Body };

/**
 * The sessions one page has already resolved, shared by the calls its loaders make in this process: a page asks
 * the API three to six times, and each asked the database for the same token. Any write empties it.
 */
export type SessionMemo = Map<string, Promise<CurrentUserView | null>>;

/** Who calls: the browser's token and address, as the page's request carried them. */
export type ApiSession = {
  token: string | null;
  /** The browser's address (server/proxy.ts): sign-in attempts are limited by it. */
  clientIp: string;
  /** The browser's own name: a session is listed by it (编辑资料 → 账号). */
  agent?: string;
  /** The address the browser is using (the page's origin). */
  origin: string;
  memo?: SessionMemo;
};

/** A refusal as it travels: each side makes its own error of it (a build carries its own copy of every class). */
export type Refusal = { status: number; errorCode: number; message: string; fieldErrors: Record<string, string> };

/** What a call comes back with: the declared answer, or why not. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export type ApiTransport = {
  call<E extends Endpoint>(endpoint: E, input: CallInput<E>, session: ApiSession): Promise<Outcome<AnswerOf<E>>>;
  /** An endpoint whose answer is a stream or a file, handed on as it comes rather than read as an envelope. */
  open(
    endpoint: Endpoint & { raw: true },
    input: AnyInput,
    session: ApiSession,
    signal?: AbortSignal,
  ): Promise<Response>;
  /** The API's answer to a request as it comes (the browser's own /api calls, files, streams). */
  fetch(request: Request, clientIp: string): Promise<Response>;
};

/** A refused call (requirements §7: anything but HTTP 200 with success true), as the web throws it. */
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
  static of(refusal: Refusal) {
    return new ApiFailure(refusal.status, refusal.errorCode, refusal.message, refusal.fieldErrors);
  }
}
