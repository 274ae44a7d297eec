/** Structured logs: what code writes to (api/lib/log.ts makes the process's one, on pino). */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Writes out what is buffered: before a process exits. */
  flush?(): void;
};

/** Writes nothing: a test's or a tool's logger. The process's own is api/lib/log.ts (pino). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export type ErrorFields = { message: string; code?: string | number; stack?: string };

/**
 * Whatever was thrown, as a log line carries it: its message, its code when it has one (a database's, the system's),
 * and its stack. `String(err)` of a thrown object would print "[object Object]".
 */
export function describeError(err: unknown): ErrorFields {
  if (err && typeof err === "object") {
    const o = err as { message?: unknown; code?: unknown; stack?: unknown; name?: unknown };
    const message = typeof o.message === "string" && o.message ? o.message : safeJson(err);
    const code = typeof o.code === "string" || typeof o.code === "number" ? o.code : undefined;
    const stack = typeof o.stack === "string" ? o.stack : undefined;
    return { message, ...(code !== undefined ? { code } : {}), ...(stack ? { stack } : {}) };
  }
  return { message: String(err) };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
