import { requestFacts } from "./request-facts.ts";

/**
 * Errors worth a person's attention (a 500, a render that failed, a crash) reported beyond the log: to a
 * Sentry-compatible service when SENTRY_DSN is set (server/error-reports.ts installs the sender). Unset, `reportError`
 * is one check. A report names the build, the route and the request id, and nothing of the person (no user, no
 * address, no cookies).
 */
export type ErrorReport = { error: unknown; where: string; route?: string; requestId?: string };
type Sender = (report: ErrorReport) => void;

let sender: Sender | null = null;
export const sendErrorsWith = (send: Sender | null) => void (sender = send);

export function reportError(error: unknown, where: string) {
  if (!sender) return;
  const facts = requestFacts();
  try {
    sender({ error, where, route: facts?.route, requestId: facts?.id });
  } catch {
    // A report that cannot be made never becomes a second error.
  }
}
