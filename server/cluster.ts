import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../contract/shared/log.ts";
import type { Env } from "../api/index.ts";
import { mallocSettings, withHeapFlags } from "./speed/heap.ts";

/**
 * WORKERS > 1: one primary process prepares the database (migrations, the first seed) once, then forks that many
 * workers that share the port (node:cluster hands connections round-robin). Each worker is a whole site with its
 * own caches. Without Redis, the primary relays the inbox bus between them, so a like served by one worker reaches
 * the author's page held open by another.
 */

/** What a worker sends with a `type` of "yishe:…" is for every worker. */
const isBroadcast = (m: unknown): m is { type: string } =>
  typeof m === "object" && m !== null && String((m as { type?: unknown }).type).startsWith("yishe:");

/**
 * Runs the primary: `prepare` once, then `count` workers, each replaced if it dies; SIGTERM or SIGINT stops them
 * all gracefully (each finishes its requests and flushes what it holds) and then the primary.
 */
export async function runPrimary(
  count: number,
  log: Logger,
  prepare: () => Promise<void>,
  given: Pick<Env, "nodeOptions" | "mallocArenaMax" | "mallocMmapThreshold">,
  /** Once, when every worker first listens. */
  started: () => void = () => {},
) {
  await prepare();
  // Workers run with the heap's sizes and glibc's arenas even when the primary was started without them
  // (`node server.ts`).
  cluster.setupPrimary({ execArgv: withHeapFlags(process.execArgv, given.nodeOptions) });
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork(
      mallocSettings({ arenaMax: given.mallocArenaMax, mmapThreshold: given.mallocMmapThreshold }),
    );
    // A worker's broadcasts (the inbox bus; "the site's settings changed" from app/lib/site.server.ts) reach every
    // worker, the sender included.
    worker.on("message", (m: unknown) => {
      if (!isBroadcast(m)) return;
      for (const w of Object.values(cluster.workers ?? {})) if (w?.isConnected()) w.send(m);
    });
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  /** Stops every worker gracefully, then the primary: 1 if any stopped unclean or the start failed. */
  const stop = (failed: boolean) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    let clean = !failed;
    let left = workers.length;
    if (!left) process.exit(clean ? 0 : 1);
    for (const w of workers) {
      w.on("exit", (code) => {
        if (code !== 0) clean = false;
        if (--left === 0) process.exit(clean ? 0 : 1);
      });
      w.process.kill("SIGTERM");
    }
  };
  let up = false;
  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) return;
    // Dead before the site ever listened, a worker failed to start (the port taken, the database away): another would
    // fail alike, again and again on every core. It has said why; the start ends there.
    if (!up) {
      log.error("艺社未能启动：工作进程启动失败，见上一条", { pid: worker.process.pid, code, signal });
      stop(true);
      return;
    }
    log.error("worker died, starting another", { pid: worker.process.pid, code, signal });
    fork();
  });
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening !== count) return;
    up = true;
    log.info("workers listening", { workers: count });
    started();
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      log.info("shutting down", { signal, workers: count });
      stop(false);
    });
  }
}
