/** Structured logs: one JSON object a line on stdout (errors on stderr). */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(
  level: LogLevel = "info",
  write: (line: string, isError: boolean) => void = defaultWrite,
): Logger {
  const emit = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (rank[lvl] < rank[level]) return;
    // An Error would be written as {} by JSON: its message, code and stack instead.
    const plain =
      fields &&
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? describeError(v) : v]));
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...plain }), rank[lvl] >= rank.warn);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

function defaultWrite(line: string, isError: boolean) {
  (isError ? process.stderr : process.stdout).write(line + "\n");
}

export const silentLogger = createLogger("silent");

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
