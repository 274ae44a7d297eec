import type { Context } from "hono";
import { ApiError, ErrorCode } from "./errors.ts";

/** The response shape of every API call (docs/architecture.md, Conventions). */
export type Envelope<T> = { success: boolean; errorCode: number; message: string; data: T };

export function ok<T>(c: Context, data: T) {
  return c.json({ success: true, errorCode: 0, message: "", data } satisfies Envelope<T>, 200);
}

export function fail(c: Context, err: ApiError) {
  const data = err.fieldErrors ? { fieldErrors: err.fieldErrors } : null;
  if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
  return c.json(
    { success: false, errorCode: err.errorCode, message: err.message, data } satisfies Envelope<unknown>,
    err.status as 400,
  );
}

export function notFoundEnvelope(c: Context) {
  return c.json({ success: false, errorCode: ErrorCode.notFound, message: "接口不存在", data: null }, 404);
}
