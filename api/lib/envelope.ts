import type { Context } from "hono";
import { ApiError, ErrorCode } from "./errors.ts";

import type { Envelope } from "../../contract/shared/endpoint.ts";

export type { Envelope };

export function ok<T>(c: Context, data: T) {
  return c.json({ success: true, errorCode: 0, message: "", data } satisfies Envelope<T>, 200);
}

export function fail(c: Context, err: ApiError) {
  const data = err.fieldErrors ? { fieldErrors: err.fieldErrors } : null;
  if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
  const envelope = { success: false, errorCode: err.errorCode, message: err.message, data } satisfies Envelope;
  return c.json(envelope, err.status as 400);
}

export function notFoundEnvelope(c: Context) {
  return c.json({ success: false, errorCode: ErrorCode.notFound, message: "接口不存在", data: null }, 404);
}
