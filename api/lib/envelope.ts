import type { Context } from "hono";
import { ApiError, ErrorCode } from "./errors.ts";

import type { Envelope } from "../../contract/endpoint.ts";

export type { Envelope };

const texts = new WeakMap<Response, string>();

/**
 * The JSON text an envelope answer was made from, while the answer is the one `ok`/`fail` made. A caller in the
 * same process (server.ts, for the pages) parses it as it is, rather than through the answer's body: under
 * @hono/node-server reading that encodes the text, streams it and decodes it again, about 50 µs a call.
 */
export function envelopeText(res: Response): string | undefined {
  return texts.get(res);
}

/**
 * As `c.json` answers (the same header, status and text), with the text kept. A caller in this process that reads
 * only the envelope (a page's loader, through server/in-process.ts) hands a slot beside the request, and the value
 * itself goes there: no JSON is written, and the answer has no body.
 */
function answer(c: Context, envelope: Envelope<unknown>, status: 200 | 400 | 404) {
  const headers = { "Content-Type": "application/json" };
  const slot = (c.env as { answer?: { envelope?: Envelope } } | undefined)?.answer;
  if (slot) {
    slot.envelope = envelope;
    return c.body(null, status, headers);
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
