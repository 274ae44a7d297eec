import type { Context } from "hono";
import { ApiError, ErrorCode } from "./errors.ts";

/** The response shape of every API call (docs/architecture.md, Conventions). */
export type Envelope<T> = { success: boolean; errorCode: number; message: string; data: T };

const texts = new WeakMap<Response, string>();
const values = new WeakMap<Response, Envelope<unknown>>();

/**
 * The JSON text an envelope answer was made from, while the answer is the one `ok`/`fail` made. A caller in the
 * same process (server.ts, for the pages) parses it as it is, rather than through the answer's body: under
 * @hono/node-server reading that encodes the text, streams it and decodes it again, about 50 µs a call.
 */
export function envelopeText(res: Response): string | undefined {
  return texts.get(res);
}

/**
 * The envelope itself, for an answer made for a caller that reads only that (`values` beside the request: only
 * server.ts's page loaders can say so). Such an answer has no body: encoding the envelope to JSON and parsing it
 * again cost a page 2–4 % of its CPU, and a body to write it on lazily (a stream, so a whole Response of undici's)
 * cost more than the JSON.
 */
export function envelopeValue(res: Response): Envelope<unknown> | undefined {
  return values.get(res);
}

/** As `c.json` answers (the same header, status and text), with the text kept; or, for a caller of values, the value. */
function answer(c: Context, envelope: Envelope<unknown>, status: 200 | 400 | 404) {
  const headers = { "Content-Type": "application/json" };
  if ((c.env as { values?: boolean } | undefined)?.values) {
    const res = c.body(null, status, headers);
    values.set(res, envelope);
    return res;
  }
  const text = JSON.stringify(envelope);
  const res = c.body(text, status, headers);
  texts.set(res, text);
  return res;
}

export function ok<T>(c: Context, data: T) {
  return answer(c, { success: true, errorCode: 0, message: "", data } satisfies Envelope<T>, 200);
}

export function fail(c: Context, err: ApiError) {
  const data = err.fieldErrors ? { fieldErrors: err.fieldErrors } : null;
  if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
  return answer(
    c,
    { success: false, errorCode: err.errorCode, message: err.message, data } satisfies Envelope<unknown>,
    err.status as 400,
  );
}

export function notFoundEnvelope(c: Context) {
  return answer(c, { success: false, errorCode: ErrorCode.notFound, message: "接口不存在", data: null }, 404);
}
