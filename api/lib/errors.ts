import { ErrorCode, errorDefaults as defaults, type ErrorCodeName } from "../../contract/shared/errors.ts";

export { ErrorCode, type ErrorCodeName };

export type FieldErrors = Record<string, string>;

/** A failure the client should see: a named code, a Chinese message, optionally the field it concerns. */
export class ApiError extends Error {
  readonly code: ErrorCodeName;
  readonly status: number;
  readonly fieldErrors?: FieldErrors;
  /** Seconds a client should wait before trying again (429). */
  retryAfter?: number;
  constructor(code: ErrorCodeName, message?: string, fieldErrors?: FieldErrors) {
    super(message ?? defaults[code].message);
    this.code = code;
    this.status = defaults[code].status;
    this.fieldErrors = fieldErrors;
  }
  get errorCode(): number {
    return ErrorCode[this.code];
  }
}

/** Shorthand for an error about one form field. */
export function fieldError(code: ErrorCodeName, field: string, message?: string): ApiError {
  const msg = message ?? defaults[code].message;
  return new ApiError(code, msg, { [field]: msg });
}
