/**
 * A load at a fixed rate, as people arrive (issue 39's "p99 at half capacity"): requests leave evenly spaced, 1/rate
 * apart, whether or not the earlier ones have been answered, and each latency counts from the moment its request was
 * due, so a server (or a generator) that stalls shows in the figures instead of quietly sending fewer requests.
 *
 * autocannon's `overallRate` is not this: each connection spends its budget for the second as fast as it can and
 * then waits for the next second, so the whole second's requests arrive as one burst at its start and its p99 is
 * the time to drain that burst (about half a second on these machines, whatever the page).
 */
import { cpuTicks } from "./proc.ts";
import http from "node:http";

export type OpenLoopOptions = {
  /** Where to send, e.g. http://127.0.0.1:3000 (plain HTTP, keep-alive). */
  base: string;
  /** Requests a second, over all connections. */
  rate: number;
  seconds: number;
  /** The path of each request, asked anew for every one. */
  path: () => string;
  headers?: Record<string, string>;
  /** At most this many requests in flight; more wait for a free connection (their wait counts). */
  connections?: number;
  /**
   * Seconds at the same rate before the measured ones, not counted: the server settles (what a run before left
   * in flight drains, the code is warm), so the figures are those of a steady rate.
   */
  warmup?: number;
};

export type OpenLoopResult = { sent: number; ok: number; bad: number; p50: number; p99: number; max: number };

/** The value below which `share` of the sorted latencies fall (nearest rank). */
export function percentile(sorted: number[], share: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

export async function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 50 });
  const skipped = Math.round(opts.rate * (opts.warmup ?? 0));
  const total = skipped + Math.max(1, Math.round(opts.rate * opts.seconds));
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  let ok = 0;
  let bad = 0;
  let sent = 0;
  const answered: Promise<void>[] = [];

  const send = (due: number, counted: boolean) =>
    new Promise<void>((resolve) => {
      const req = http.get(`${opts.base}${opts.path()}`, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (!counted) return resolve();
          latencies.push(performance.now() - due);
          if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) ok++;
          else bad++;
          resolve();
        });
      });
      req.on("error", () => {
        if (counted) bad++;
        resolve();
      });
    });

  const start = performance.now();
  await new Promise<void>((done) => {
    const tick = () => {
      // Every request that has come due leaves now, even if the timer woke late.
      while (sent < total && start + sent * interval <= performance.now()) {
        answered.push(send(start + sent * interval, sent >= skipped));
        sent++;
      }
      if (sent >= total) return done();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(answered);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    sent: sent - skipped,
    ok,
    bad,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
  };
}

/**
 * Waits (10 s at most) until every one of these processes has been idle for half a second: a saturating run leaves
 * work behind (what was queued, the writes it caused), which would otherwise fall inside the next run's p99.
 */
export async function untilIdle(pids: number[], limitMs = 10_000) {
  for (let waited = 0; waited < limitMs; waited += 500) {
    const before = pids.map(cpuTicks);
    await new Promise((r) => setTimeout(r, 500));
    if (pids.every((pid, i) => cpuTicks(pid) - before[i] <= 2)) return;
  }
}
