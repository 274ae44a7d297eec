import cluster from "node:cluster";
import pino, { type DestinationStream } from "pino";
import { describeError, type Logger, type LogLevel } from "../../contract/log.ts";
import { requestFacts } from "./request-facts.ts";

/**
 * The process's logger: pino (the Node field's structured logger: one JSON object a line, written without blocking the
 * event loop's turn, a fraction of the cost of stringifying by hand), behind the project's own `Logger` so that code
 * and tests never see its argument order. Each line carries the process id, the cluster worker, and the id, route and
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
const paths = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const dotted = key.startsWith("[") ? key : `.${key}`;
  return [key, `*${dotted}`, `*.*${dotted}`, `headers${dotted}`, `*.headers${dotted}`];
});

/** `postgres://user:secret@host` → `postgres://user:[已隐去]@host`: an address in a message keeps its password out. */
const CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi;
export const hideCredentials = (text: string) => text.replace(CREDENTIALS, `$1${REDACTED}@`);

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
      redact: { paths, censor: REDACTED },
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

/** An Error would be written as {} by JSON: its message, code and stack instead, with any address's password out. */
function plain(fields: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key in fields) {
    const value = fields[key];
    if (value instanceof Error || typeof value === "string") {
      out ??= { ...fields };
      out[key] = value instanceof Error ? scrub(describeError(value)) : hideCredentials(value);
    } else if (key === "error" && value && typeof value === "object") {
      out ??= { ...fields };
      out[key] = scrub(value as Record<string, unknown>);
    }
  }
  return out ?? fields;
}

const scrub = (e: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [k, typeof v === "string" ? hideCredentials(v) : v]));
