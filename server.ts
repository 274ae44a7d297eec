/**
 * The process: the upstream API at /api, stored media at /uploads, built assets, /sw.js, and React Router for
 * every other path. `node server.ts` serves the build; `node server.ts --dev` serves through Vite.
 */
import type { ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { SessionMemo } from "./api/context.ts";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { createApi, createDeps } from "./api/app.ts";
import { jobHandlers } from "./api/jobs/handlers.ts";
import { pictureRights } from "./api/services/picture-rights.ts";
import { openDatabase, type Database } from "./api/db/index.ts";
import { migrateToLatest } from "./api/db/migrate.ts";
import { readEnvOrExit, type Env } from "./api/config/env.ts";
import { authorizeOrigins } from "./api/lib/oauth.ts";
import { forwardTo } from "./api/lib/http.ts";
import { observe } from "./server/observe.ts";
import { nameRoute, requestFacts } from "./api/lib/request-facts.ts";
import { type Logger, describeError } from "./contract/log.ts";
import { createLogger } from "./api/lib/log.ts";
import { Redis } from "ioredis";
import { memoryBus, redisBus, type Bus } from "./api/lib/bus.ts";
import cluster from "node:cluster";
import { runPrimary, workerBus } from "./server/cluster.ts";
import { startedLine, startupWarnings } from "./server/startup.ts";
import type { Deps } from "./api/services/deps.ts";
import { hubOf } from "./api/services/live.ts";
import { allowedMethods, boundedBody, largeBodyGate, liveSession, sameOrigin } from "./server/guards.ts";
import { pageCache } from "./server/page-cache.ts";
import { inProcess, overHttp } from "./server/in-process.ts";
import { compress } from "./server/compress.ts";
import { mediaHeaders, pictureGuard, storedMedia } from "./server/media.ts";
import { listen, type Middleware } from "./server/listen.ts";
import { inFlight } from "./server/in-flight.ts";
import { behindProxy } from "./server/proxy.ts";
import { securityHeaders, type SiteEnv } from "./server/security.ts";
import { builtFiles } from "./server/built-files.ts";
import type { ApiTransport, WebDeps } from "./app/lib/context.ts";
import { forgetEverywhere } from "./server/forgetting.ts";
import { probes } from "./server/probes.ts";
import { releaseOf } from "./server/release.ts";
import { heartbeat } from "./server/heartbeat.ts";
import { watching } from "./server/watching.ts";
import { reportError } from "./api/lib/error-reports.ts";
import {
  connectRedis,
  apiOptions,
  sharedListings,
  storeAway,
  seedDatabase,
  prepareDatabase,
  warnAboutDatabase,
  backupJob,
} from "./server/assembly.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(root, "build", "client");
/** How long a stopping site waits for its API calls still at work before closing the database under them. */
const CALLS_GRACE_MS = 5_000;

/** What the web's entry (app/entry.server.tsx) exports for the server beside the render: each exists once. */
type WebEntry = { webContext: RouterContext<WebDeps>; forgetSiteCacheHere: () => void };
const webEntryOf = (build: ServerBuild) => build.entry.module as unknown as WebEntry;

export type Site = {
  /** Handles one request; `socketIp` is the address of the connection it came on, `outgoing` Node's response. */
  fetch: (
    request: Request,
    connection?: { socketIp?: string; outgoing?: ServerResponse },
  ) => Response | Promise<Response>;
  /** Ends long-lived responses (inbox streams) so a stopping server can finish; readiness answers 503 from now. */
  drain: () => void;
  /** Writes what is held and closes; API calls still at work are waited for up to `budgetMs`. */
  close: (budgetMs?: number) => Promise<void>;
  database: Database | null;
};

/** Builds the whole site as one fetch handler; server.ts's main and the tests both use it. */
export async function createSite(
  env: Env,
  log: Logger,
  /** The build itself in production (React Router then builds its route table once), a loader in development. */
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode = "production",
): Promise<Site> {
  let database: Database | null = null;
  let apiFetch: (request: Request, clientIp: string) => Promise<Response>;
  /** The API as one page's loaders reach it: in-process, they share the sessions the page resolved. */
  let pageApi = (): ApiTransport => overHttp(apiFetch);
  let redis: Redis | null = null;
  let bus: Bus | null = null;
  let deps: Deps | null = null;
  let shared: ReturnType<typeof sharedListings> | null = null;
  // API calls at work in this process. React Router answers a page whose browser went away at once, while its
  // loaders' calls go on: the database closes only after the last of them.
  const calls = inFlight();
  // Visitors' pages, forgotten with the work lists whenever any process writes.
  const cache = env.pageCacheMs > 0 ? pageCache({ ttlMs: env.pageCacheMs, max: 500 }) : null;
  if (env.apiOrigin) {
    // Web-only process: the API runs elsewhere, and browser calls to /api and /uploads are passed on to it.
    apiFetch = forwardTo(env.apiOrigin);
  } else {
    database = await openDatabase(env.databaseUrl, log, env.database);
    if (env.redisUrl) redis = connectRedis(env.redisUrl, log);
    bus = redis ? redisBus(redis, log) : cluster.isWorker ? workerBus() : memoryBus();
    shared = sharedListings(env, log, redis, cache);
    const options = await apiOptions(env, log, database, bus, redis, shared.listings);
    deps = createDeps(options);
    options.storage.check?.().catch((err) => storeAway(env, log, err));
    deps.views.start();
    // Under WORKERS the primary has done both already, and here they find nothing to do.
    await migrateToLatest(database);
    if (!cluster.isWorker) await warnAboutDatabase(database, log);
    await seedDatabase(env, database, deps);
    // Background work (api/jobs): every serving process runs jobs; each job runs in one of them.
    await deps.jobs.start(jobHandlers(deps, { backup: backupJob(env) }));
    const api = createApi(options);
    apiFetch = async (request, clientIp) => calls.track(api.fetch(request, { clientIp }));
    const checked = env.checkAnswers || mode === "development";
    pageApi = () => {
      const sessions: SessionMemo = new Map();
      return inProcess(api, { sessions }, { checked, track: calls.track });
    };
  }
  const handler = createRequestHandler(build, mode);
  const dev = mode === "development";
  const site = new Hono<SiteEnv>();
  let stopping = false;
  // Ahead of everything else: no log line, no page machinery (server/probes.ts).
  const probe = probes(
    { database, redis, storage: deps?.storage ?? null, apiOrigin: env.apiOrigin ?? null, stopping: () => stopping },
    log,
  );
  const release = releaseOf(root, env.errorReports?.release);
  // The browser reports to the same place (its key is public by design), naming the same build.
  const browserReports = env.errorReports && { dsn: env.errorReports.dsn, release };
  // What the admin overview shows of this process (server/heartbeat.ts).
  const beating = database && heartbeat(database, probe.runChecks, release, log);
  site.get("/livez", probe.livez);
  site.get("/readyz", probe.readyz);
  site.use(observe(log, env.trustProxy > 0));
  site.use(compress());
  const publicUrl = env.storage.kind === "s3" ? env.storage.publicUrl : null;
  site.use(
    securityHeaders({
      dev,
      formTargets: authorizeOrigins(env.oauth),
      mediaOrigin: publicUrl && new URL(publicUrl).origin,
      reportsOrigin: env.errorReports && new URL(env.errorReports.dsn).origin,
    }),
  );
  // One share of large bodies for the process, the web's forms and the API's file routes alike.
  const largeBodies = largeBodyGate(liveSession(apiFetch));
  // The API's file routes are held to what the web's forms are: members only, a share of the large bodies, and to
  // disk as they arrive (an app posting straight to /api took memory for every body it held open).
  site.use("/api/*", largeBodies, boundedBody);
  site.all("/api/*", (c) => apiFetch(c.req.raw, c.env.ip));
  if (env.apiOrigin) site.all("/uploads/*", (c) => apiFetch(c.req.raw, c.env.ip));
  else if (deps) {
    site.use("/uploads/*", pictureGuard(pictureRights(deps)));
    if (deps.storage.get) site.on(["GET", "HEAD"], "/uploads/*", storedMedia(deps.storage, publicUrl));
    else site.use("/uploads/*", mediaHeaders, serveStatic({ root: env.dataDir }));
  }
  builtFiles(site, clientDir);
  if (!env.apiOrigin) site.all("/uploads/*", (c) => c.text("Not Found", 404));
  // Everything else is a page or a web form post: checked before React Router reads it.
  site.use("*", allowedMethods, sameOrigin, largeBodies, boundedBody);
  // The production build is one object; the dev server's changes as files do, and is asked each time.
  const built = typeof build === "function" ? null : webEntryOf(build);
  const webEntry = async () => built ?? webEntryOf(await (build as () => Promise<ServerBuild>)());
  const siteChanged = forgetEverywhere("yishe:site", () => {
    if (built) built.forgetSiteCacheHere();
    else void webEntry().then((entry) => entry.forgetSiteCacheHere());
  });
  const perSite = { siteUrl: env.siteUrl, log, siteChanged, nameRoute, reportError, browserReports };
  const render = async (request: Request, nonce: string, clientIp: string) => {
    const { webContext } = built ?? (await webEntry());
    const requestId = requestFacts()?.id ?? "";
    const web: WebDeps = { ...perSite, api: pageApi(), clientIp, nonce, requestId };
    return handler(request, new RouterContextProvider(new Map([[webContext, web]])));
  };
  site.all("*", (c) => {
    const nonce = c.get("nonce");
    const page = () => render(c.req.raw, nonce, c.env.ip);
    const outgoing = c.env.outgoing;
    return cache ? cache(c.req.raw, page, nonce, outgoing && ((sent) => outgoing.once("finish", sent))) : page();
  });

  return {
    fetch: (request, connection = {}) => {
      const { request: seen, ip } = behindProxy(request, connection.socketIp ?? "", env.trustProxy);
      return site.fetch(seen, { ip, outgoing: connection.outgoing });
    },
    drain: () => {
      // Not ready from the first moment of a stop: a load balancer sends no more, while requests in flight finish.
      stopping = true;
      // Open inbox streams would hold the server open: end them, and the browsers reconnect to another process.
      if (deps) hubOf(deps).closeAll();
    },
    close: async (budgetMs = CALLS_GRACE_MS) => {
      siteChanged.stop();
      // Half the time left for calls still at work; the rest writes the held views and closes.
      await calls.idle(Math.min(CALLS_GRACE_MS, budgetMs / 2));
      await bus?.close();
      // A job at work finishes (or, cut short, is taken back and run again by another process).
      await deps?.jobs.stop(Math.min(CALLS_GRACE_MS, budgetMs / 2));
      // The views still held are written before the database closes: totals stay exact across a stop.
      await deps?.views.stop();
      await beating?.stop();
      await database?.close();
      shared?.close();
      redis?.disconnect();
    },
    database,
  };
}

export async function main() {
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
    return runPrimary(env.workers, log, () => prepareDatabase(env, log), env, started)
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
    build = (await import(path.join(root, "build", "server", "index.js"))) as ServerBuild;
  }
  const site = await createSite(env, log, build, dev ? "development" : "production").catch(cannotStart);
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

if (import.meta.main) await main();
