/**
 * The process: reads the settings, and either starts the workers (WORKERS, server/cluster.ts) or serves the site on
 * PORT until a signal stops it. In production it runs from the build (server/app.ts is the server build's entry, as
 * React Router's custom-server template has it); with --dev from source, its pages through Vite.
 */
import cluster from "node:cluster";
import type { ServerBuild } from "react-router";
import { createLogger, prepareApi, readEnvOrExit } from "../api/index.ts";
import { describeError } from "../contract/shared/log.ts";
import { runPrimary } from "./cluster.ts";
import { listen, type Middleware } from "./listen.ts";
import { createSite } from "./site.ts";
import { startedLine, startupWarnings } from "./startup.ts";
import { watching } from "./watching.ts";

export type Given = {
  /** The checkout: the built files, the git commit. */
  root: string;
  /** The pages, loaded only by a process that serves them (a cluster's primary never does). */
  pages?: () => Promise<ServerBuild>;
};

export async function main(given: Given) {
  const { root } = given;
  const env = readEnvOrExit();
  const log = createLogger(env.logLevel);
  const dev = process.argv.includes("--dev");
  // Said once: by the primary under WORKERS, else by the only process; a worker says none of it.
  const started = () => process.stdout.write(`${startedLine(env.port, env.siteUrlSet ? env.siteUrl : undefined)}\n`);
  if (!cluster.isWorker) for (const w of startupWarnings(env, dev ? "development" : "production")) log.warn(w);
  // What stops a start is said in one line naming its setting (an unreachable DATABASE_URL), not a stack.
  const cannotStart = (err: unknown) => {
    log.error(`艺社未能启动：${describeError(err).message}`);
    process.exit(1);
  };
  const watch = watching(env, log, root);
  // Under WORKERS the primary serves the metrics of all its workers, summed.
  if (env.workers > 1 && !dev && cluster.isPrimary)
    return runPrimary(env.workers, log, () => prepareApi(env, log), env, started)
      .then(watch.metrics)
      .catch(cannotStart);
  const watched = await watch.process();
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let middleware: Middleware | null = null;
  if (dev) {
    const vite = await import("vite").then((m) =>
      m.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    middleware = vite.middlewares;
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    if (!given.pages) throw new Error("server/main.ts: the production build brings its pages (server/app.ts)");
    build = await given.pages();
  }
  const site = await createSite(env, log, build, dev ? "development" : "production", root).catch(cannotStart);
  if (!site) return;
  const { server, listening, stop } = listen(site, env.port, { middleware, graceMs: env.shutdownGraceMs, log });
  server.on("error", (err: NodeJS.ErrnoException) => {
    log.error(
      err.code === "EADDRINUSE"
        ? `端口 ${env.port} 已被占用：另一个进程正在监听，请停止它或设置 PORT`
        : "cannot listen",
      { port: env.port, error: describeError(err) },
    );
    process.exit(1);
  });
  await listening;
  if (!cluster.isWorker) await watch.metrics();
  log.info("listening", { url: `http://localhost:${env.port}`, database: site.database?.dialect ?? "remote", dev });
  if (!cluster.isWorker) started();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, async () => {
      log.info("shutting down", { signal });
      const how = await stop();
      // What is still buffered for the collector and the error service goes before the exit (a share of a second).
      await watched.close();
      log.info("stopped", { how });
      log.flush?.();
      process.exit(how === "clean" ? 0 : 1);
    });
  }
}
