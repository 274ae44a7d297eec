/**
 * The API's front door for the process (server.ts) and the owner's scripts: `openApi` opens the database, Redis,
 * the shared lists, migrations, the first seed and background jobs, and answers the ways in (`transport` for pages,
 * `fetch` for HTTP) and the way out (`close`). With API_ORIGIN it opens nothing and reaches that API over HTTP.
 */
import cluster from "node:cluster";
import { Redis } from "ioredis";
import type { Logger } from "../../contract/shared/log.ts";
import type { ApiTransport } from "../../contract/shared/transport.ts";
import { buildApi } from "../app.ts";
import {
  apiOptions,
  backupJob,
  connectRedis,
  seedDatabase,
  sharedListings,
  storeAway,
  warnAboutDatabase,
} from "./assembly.ts";
import type { Env } from "../config/env.ts";
import { openDatabase, type Database } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { jobHandlers } from "../jobs/handlers.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { memoryBus, redisBus, workerBus, type Bus } from "../lib/bus.ts";
import { heartbeat } from "./heartbeat.ts";
import { forwardTo } from "../lib/http.ts";
import { inFlight } from "../lib/in-flight.ts";
import { readinessChecks, type Check } from "./readiness.ts";
import type { Storage } from "../lib/storage.ts";
import { hubOf } from "../services/inbox/live.ts";
import { pictureRights, type PictureRights } from "../services/works/picture-rights.ts";
import { inProcess, overHttp } from "../serve/transport.ts";
import type { PageDrops } from "../services/pages/page-news.ts";
import { countVisitorView } from "../services/works/works.ts";

/** How long a stopping site waits for its API calls still at work before closing the database under them. */
const CALLS_GRACE_MS = 5_000;

export type OpenedApi = {
  /** How a page's loaders and actions call the API (contract/shared/transport.ts). */
  transport: ApiTransport;
  /** The API's answer to an HTTP request (the browser's own /api calls, its files and streams). */
  fetch: (request: Request, clientIp: string) => Promise<Response>;
  /** Null with API_ORIGIN: the API and its database are elsewhere. */
  database: Database | null;
  storage: Storage | null;
  /** Who may see a stored picture (a hidden work's are its author's and the staff's only). */
  pictureRights: ((path: string) => Promise<PictureRights | null>) | null;
  jobs: JobQueue | null;
  /** What the readiness probe asks of the database, its migrations, Redis and the store. */
  checks: Check[];
  /** Writes this process's row for the admin overview every 15 s, with what `runChecks` sees (api/lib/heartbeat.ts). */
  beat(runChecks: () => Promise<unknown>, release: string): void;
  /** Ends the long-lived answers (inbox streams), so a stopping server can finish. */
  drain(): void;
  /** A visitor's view of a live work whose stored page was served; nothing with API_ORIGIN (no page is stored). */
  countView(workId: number, ip: string): Promise<void>;
  /** Writes what is held and closes; calls still at work are waited for up to half of `budgetMs`. */
  close(budgetMs?: number): Promise<void>;
};

export type OpenOptions = {
  /** Production pages see each answer as it was made; development and tests a frozen copy (api/transport.ts). */
  checked?: boolean;
  /** How the visitors' pages the web stores are dropped when a write changes them (server/speed/stored-pages). */
  pages?: PageDrops | null;
};

export async function openApi(env: Env, log: Logger, options: OpenOptions = {}): Promise<OpenedApi> {
  if (env.apiOrigin) return remoteApi(env.apiOrigin);
  const database = await openDatabase(env.databaseUrl, log, env.database);
  const redis: Redis | null = env.redisUrl ? connectRedis(env.redisUrl, log) : null;
  const bus: Bus = redis ? redisBus(redis, log) : cluster.isWorker ? workerBus() : memoryBus();
  const shared = sharedListings(env, log, redis);
  const apiOpts = {
    ...(await apiOptions(env, log, database, bus, redis, shared.listings)),
    pageDrops: options.pages,
    pageCountsLagMs: env.pageCountsLagMs,
  };
  const api = buildApi(apiOpts);
  const { deps } = api;
  apiOpts.storage.check?.().catch((err) => storeAway(env, log, err));
  deps.views.start();
  // Under WORKERS the primary has done both already, and here they find nothing to do.
  await migrateToLatest(database);
  if (!cluster.isWorker) await warnAboutDatabase(database, log);
  await seedDatabase(env, database, deps);
  // Background work (api/jobs): every serving process runs jobs; each job runs in one of them.
  await deps.jobs.start(jobHandlers(deps, { backup: backupJob(env) }));
  // Calls at work in this process. React Router answers a page whose browser went away at once, while its loaders'
  // calls go on: the database closes only after the last of them.
  const calls = inFlight();
  const fetch = (request: Request, clientIp: string) => calls.track(api.app.fetch(request, { clientIp }));
  let beating: ReturnType<typeof heartbeat> | null = null;
  return {
    transport: inProcess({ call: api.call, fetch }, { checked: options.checked, track: calls.track }),
    fetch,
    database,
    storage: deps.storage,
    pictureRights: pictureRights(deps),
    jobs: deps.jobs,
    checks: readinessChecks({ database, redis, storage: deps.storage }),
    beat: (runChecks, release) => void (beating ??= heartbeat(database, runChecks, release, log)),
    drain: () => hubOf(deps).closeAll(),
    countView: (workId, ip) => countVisitorView(deps, workId, ip),
    close: async (budgetMs = CALLS_GRACE_MS) => {
      const share = Math.min(CALLS_GRACE_MS, budgetMs / 2);
      await calls.idle(share);
      await bus.close();
      // Counts gathered for the stored pages are queued before the queue stops.
      await deps.pages.close();
      // A job at work finishes (or, cut short, is taken back and run again by another process).
      await deps.jobs.stop(share);
      // The views still held are written before the database closes: totals stay exact across a stop.
      await deps.views.stop();
      await beating?.stop();
      await database.close();
      shared.close();
      redis?.disconnect();
    },
  };
}

/** A web-only process: the API runs at `origin`, and browser calls to /api and /uploads are passed on to it. */
function remoteApi(origin: string): OpenedApi {
  const fetch = forwardTo(origin);
  return {
    transport: overHttp(fetch),
    fetch,
    database: null,
    storage: null,
    pictureRights: null,
    jobs: null,
    checks: [],
    beat: () => {},
    drain: () => {},
    countView: async () => {},
    close: async () => {},
  };
}
