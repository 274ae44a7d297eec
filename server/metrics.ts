import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import client from "prom-client";
import type { Logger } from "../contract/shared/log.ts";
import { registry } from "../api/index.ts";

/**
 * Prometheus's address (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless told otherwise), apart from the public port:
 * what a process counts (api/lib/metrics.ts) and Node's own measures (event-loop lag, heap, GC, resident memory).
 * Under WORKERS the primary serves it, asking every worker for theirs and summing them (prom-client's cluster
 * aggregator), so one scrape sees the whole machine. Off (no METRICS_PORT), nothing is collected beyond the counters.
 */
export function collectProcessMetrics() {
  client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
  // prom-client's worker answers the primary's asks only once an aggregator exists in it.
  if (cluster.isWorker) new client.AggregatorRegistry();
}

export function serveMetrics(port: number, host: string, log: Logger): Promise<Server> {
  const aggregate = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0;
  const summed = aggregate ? new client.AggregatorRegistry() : null;
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
      return;
    }
    try {
      const text = summed ? await summed.clusterMetrics() : await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text);
    } catch (err) {
      log.warn("metrics not gathered", { error: String(err) });
      res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics not gathered");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      log.error(
        err.code === "EADDRINUSE" ? `METRICS_PORT ${port} 已被占用：指标未提供` : "metrics address not usable",
        { port, host, error: err.message },
      );
      reject(err);
    });
    server.listen(port, host, () => {
      log.info("metrics", { url: `http://${host}:${port}/metrics` });
      resolve(server);
    });
  });
}
