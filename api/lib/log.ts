import cluster from "node:cluster";
import pino, { type DestinationStream } from "pino";
import { describeError, type Logger, type LogLevel } from "../../contract/shared/log.ts";
import { requestFacts } from "./request-facts.ts";

/**
 * The process's logger: pino, the Node field's structured logger (one JSON object a line, written to stdout without
 * waiting on the terminal or pipe, read by every log shipper and by pino-pretty), behind the project's own `Logger`
 * so that code and tests never see its argument order. Each line carries the process id, the cluster worker, and the id, route and
 * member of the request it was written for (api/lib/request-facts.ts). Warnings and errors go to stderr.
 */

/**
 * Fields whose value is never written, at any depth a caller is likely to nest them: the session token, cookies,
 * passwords and codes, the model's and the stores' keys. A wrong one costs a leak; so the list is wide.
 */
const SECRET_KEYS = [
  "password",
  "newPassword",
  "oldPassword",
  "token",
  "accessToken",
  "refreshToken",
  "cookie",
  "authorization",
  "x-user-token",
  "set-cookie",
  "apiKey",
  "aiKey",
  "secret",
  "secretAccessKey",
  "clientSecret",
  "smsCode",
  "verifyCode",
  "captcha",
];
export const REDACTED = "[已隐去]";
const SECRET = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));

/** `postgres://user:secret@host` → `postgres://user:[已隐去]@host`: an address in a message keeps its password out. */
const CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi;
export const hideCredentials = (text: string) =>
  text.includes("@") && text.includes("://") ? text.replace(CREDENTIALS, `$1${REDACTED}@`) : text;

const worker = cluster.isWorker ? cluster.worker?.id : undefined;

export function createLogger(
  level: LogLevel = "info",
  /** Where lines go; stdout (and stderr from warn up) when not given. Tests pass a function that keeps them. */
  write?: (line: string, isError: boolean) => void,
): Logger {
  const destination: DestinationStream = write
    ? {
        write: (line: string) =>
          write(line.endsWith("\n") ? line.slice(0, -1) : line, /"level":"(warn|error)"/.test(line)),
      }
    : pino.multistream(
        [
          { level: "debug", stream: pino.destination({ fd: 1, sync: false }) },
          { level: "warn", stream: pino.destination({ fd: 2, sync: true }) },
        ],
        { dedupe: true },
      );
  const p = pino(
    {
      level,
      base: worker ? { pid: process.pid, worker } : { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const facts = requestFacts();
        return facts ? { reqId: facts.id } : {};
      },
    },
    destination,
  );
  const emit = (lvl: "debug" | "info" | "warn" | "error") => (msg: string, fields?: Record<string, unknown>) => {
    if (!p.isLevelEnabled(lvl)) return;
    p[lvl](fields ? plain(fields) : {}, hideCredentials(msg));
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error"), flush: () => p.flush() };
}

/**
 * The fields as they may be written: a secret's value (by its key, at any depth to 4) replaced, an Error as its message,
 * code and stack, and an address's password hidden in any text. Done here rather than by pino's `redact`, whose
 * wildcard paths made a request's line many times dearer.
 */
function plain(fields: Record<string, unknown>): Record<string, unknown> {
  return clean(fields, 0) as Record<string, unknown>;
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === "string") return hideCredentials(value);
  if (value instanceof Error) return clean(describeError(value), depth);
  if (!value || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const key in value as Record<string, unknown>)
    out[key] = SECRET.has(key.toLowerCase()) ? REDACTED : clean((value as Record<string, unknown>)[key], depth + 1);
  return out;
}
