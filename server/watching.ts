import { type Env, reportError } from "../api/index.ts";
import { describeError, type Logger } from "../contract/shared/log.ts";
import { startErrorReports } from "./error-reports.ts";
import { collectProcessMetrics, serveMetrics } from "./metrics.ts";
import { releaseOf } from "./release.ts";
import { startTracing } from "./tracing.ts";

/**
 * What lets an operator watch a process (docs/operations.md): metrics on METRICS_PORT, traces with
 * OTEL_EXPORTER_OTLP_ENDPOINT, error reports with SENTRY_DSN, each off and free unless asked for.
 * `metrics` serves the address (the primary under WORKERS, else the one process); `process` starts the rest in a
 * process that serves, and its `close` sends what is still buffered before the exit.
 */
export function watching(env: Env, log: Logger, root: string) {
  const release = releaseOf(root, env.errorReports?.release);
  if (env.metrics.port) collectProcessMetrics();
  return {
    metrics: async () => void (env.metrics.port && (await serveMetrics(env.metrics.port, env.metrics.host, log))),
    process: async () => {
      const tracing = await startTracing(env.tracing, release, log);
      const reports = env.errorReports ? await startErrorReports({ dsn: env.errorReports.dsn, release }, log) : null;
      // A throw nobody caught: logged and reported, then the process ends as Node would end it (under WORKERS
      // the primary starts another).
      process.on("uncaughtException", (err) => {
        log.error("crash", { error: describeError(err) });
        reportError(err, "crash");
        void (reports?.flush(2_000) ?? Promise.resolve()).finally(() => process.exit(1));
      });
      return {
        /** What is still buffered for the collector and the error service, sent within a share of a second. */
        close: async () => void (await Promise.all([tracing?.shutdown(), reports?.flush(500)])),
      };
    },
  };
}
