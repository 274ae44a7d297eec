import type { Context } from "hono";
import { checked, type Check, type CheckName } from "../api/index.ts";
import { describeError, type Logger } from "../contract/shared/log.ts";

/**
 * Kubernetes-style probes, answered ahead of everything else (no log line, no page, never cached):
 * - `/livez`: the process answers;
 * - `/readyz`: it can serve: not stopping, the database answers `select 1` with its migrations run, and Redis and the
 *   object store answer when they are configured (a web-only process asks its API's `/readyz`). 503 names what failed.
 * A check that does not answer within CHECK_MS counts as failed: a probe must never hang on what it probes. The answer
 * names what failed and no more (it is public); why is logged once when a check fails and once when it recovers.
 */
export type ProbeTargets = {
  /** The API's own (api/lib/readiness.ts), through the front door. */
  checks: Check[];
  /** The API's address when this process serves the web only (API_ORIGIN). */
  apiOrigin: string | null;
  /** True from the moment a stop begins. */
  stopping: () => boolean;
};

const CHECK_MS = 2_000;
const NO_STORE = { "Cache-Control": "no-store" };

function withTimeout(run: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_MS} ms`)), CHECK_MS);
    run().then(
      () => (clearTimeout(timer), resolve()),
      (err: unknown) => (clearTimeout(timer), reject(err)),
    );
  });
}

export function probes(t: ProbeTargets, log: Logger) {
  const checks: Check[] = [...t.checks];
  if (t.apiOrigin) {
    const origin = t.apiOrigin;
    checks.push({
      name: "api",
      run: async () => {
        const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(CHECK_MS) });
        if (!res.ok) throw new Error(`${origin}/readyz answered ${res.status}`);
      },
    });
  }

  const failing = new Set<string>();
  const outcome = (name: CheckName, err: unknown) => {
    // What the admin overview shows of this process (api/lib/health.ts).
    checked(name, err === null, err === null ? undefined : describeError(err).message);
    if (err === null) {
      if (failing.delete(name)) log.info("readiness check recovered", { check: name });
      return "ok";
    }
    if (!failing.has(name)) log.warn("readiness check failed", { check: name, error: describeError(err) });
    failing.add(name);
    return "failed";
  };
  /** Every check once, each within its time: `[name, "ok" | "failed"]`. */
  const runChecks = () =>
    Promise.all(
      checks.map(({ name, run }) =>
        withTimeout(run).then(
          () => [name, outcome(name, null)] as const,
          (err: unknown) => [name, outcome(name, err)] as const,
        ),
      ),
    );

  return {
    runChecks,
    livez: (c: Context) => c.json({ status: "live" }, 200, NO_STORE),
    readyz: async (c: Context) => {
      if (t.stopping()) return c.json({ status: "stopping", checks: {} }, 503, NO_STORE);
      const results = await runChecks();
      const ready = results.every(([, r]) => r === "ok");
      const body = { status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) };
      return c.json(body, ready ? 200 : 503, NO_STORE);
    },
  };
}
