import cluster from "node:cluster";
import { hostname } from "node:os";
import type { Database } from "../db/index.ts";
import { beat, forgetProcess } from "../db/queries/processes.ts";
import { checked, healthNow } from "../lib/health.ts";
import { describeError, type Logger } from "../../contract/shared/log.ts";

/** How often a process runs its checks and says it is alive; the overview counts one unheard for three as gone. */
export const HEARTBEAT_MS = 15_000;
const FORGET_AFTER_MS = 86_400_000;

/**
 * A serving process's heartbeat: every HEARTBEAT_MS it runs the readiness checks (server/probes.ts) and writes its row
 * in `processes` (its build, its start, what it sees), so the admin overview shows every process of the site, on
 * any machine. A clean stop removes the row.
 */
export function heartbeat(database: Database, runChecks: () => Promise<unknown>, release: string, log: Logger) {
  const startedAt = Date.now();
  const id = `${hostname()}:${process.pid}:${startedAt}`;
  let beating: Promise<void> = Promise.resolve();
  let quiet = false;
  const tick = () =>
    (beating = (async () => {
      await runChecks();
      const now = Date.now();
      await beat(
        database.db,
        {
          id,
          host: hostname(),
          pid: process.pid,
          worker: cluster.worker?.id ?? 0,
          release,
          started_at: startedAt,
          seen_at: now,
          health: JSON.stringify(healthNow()),
        },
        now - FORGET_AFTER_MS,
      );
      quiet = false;
    })().catch((err: unknown) => {
      checked("database", false, describeError(err).message);
      // Said once while it lasts: the readiness check has said why already.
      if (!quiet) log.warn("heartbeat not written", { error: describeError(err) });
      quiet = true;
    }));
  void tick();
  const timer = setInterval(tick, HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      await beating;
      await forgetProcess(database.db, id).catch(() => {});
    },
  };
}
