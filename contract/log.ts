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
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }), rank[lvl] >= rank.warn);
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
