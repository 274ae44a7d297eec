import { Hono } from "hono";
import { viewCounter, type ViewCounter } from "./services/works/views.ts";
import { noListingCache, type Listings } from "./services/browse/listings.ts";
import { bodyLimit } from "hono/body-limit";
import type { Kysely } from "kysely";
import type { Dialect } from "./db/index.ts";
import type { DB } from "./db/schema.ts";
import { fail, notFoundEnvelope, ok } from "./lib/envelope.ts";
import { ApiError } from "./lib/errors.ts";
import { silentLogger, type Logger } from "../contract/shared/log.ts";
import { localStorage, type Storage } from "./lib/storage.ts";
import { createLimiter, type LimitStore } from "./lib/rate-limit.ts";
import { memoryBus, type Bus } from "./lib/bus.ts";
import { databaseCaptchas, type CaptchaStore } from "./services/signin/captcha-store.ts";
import { audioTooLarge, imageTooLarge } from "./lib/media.ts";
import { requestLimits } from "../contract/shared/limits.ts";
import { adminRoutes } from "./routes/admin.ts";
import { commentRoutes } from "./routes/comments.ts";
import { oauthRoutes, signinRoutes } from "./routes/signin.ts";
import { searchRoutes } from "./routes/search.ts";
import { siteRoutes } from "./routes/site.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { workRoutes } from "./routes/works.ts";
import { peopleRoutes } from "./routes/people.ts";
import { accountRoutes } from "./routes/account.ts";
import { inboxRoutes } from "./routes/inbox.ts";
import { scoreRoutes } from "./routes/scores.ts";
import { account, uploads } from "../contract/endpoints.ts";
import { paramsFit, type Endpoint } from "../contract/shared/endpoint.ts";
import type { AnyInput, ApiSession } from "../contract/shared/transport.ts";
import type { Route } from "./lib/endpoint.ts";
import { dispatch, refusalOf } from "./serve/dispatch.ts";
import { httpFacts, plainFacts } from "./serve/call.ts";
import type { Deps, SigninSettings } from "./services/deps.ts";
import { consoleMailer } from "./lib/mail.ts";
import { consoleSms } from "./lib/sms.ts";
import type { AiProvider } from "./lib/ai-provider.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { sqliteQueue } from "./jobs/sqlite-queue.ts";
import { queueSettings } from "./jobs/settings.ts";
import { aiRoutes } from "./routes/ai.ts";
import { draftRoutes } from "./routes/drafts.ts";
import { seriesRoutes } from "./routes/series.ts";
import { folderRoutes } from "./routes/folders.ts";
import { chartRoutes } from "./routes/charts.ts";
import { feedRoutes } from "./routes/feeds.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { accessTokenRoutes } from "./routes/access-tokens.ts";
import { curationRoutes, eventRoutes } from "./routes/curation.ts";
import { commissionRoutes } from "./routes/commissions.ts";
import { pushRoutes } from "./routes/push.ts";
import type { PushSettings } from "./lib/web-push.ts";

import type { ApiEnv } from "./context.ts";
import { noPageNews, pageNews, type PageDrops } from "./services/pages/page-news.ts";

export type { ApiEnv };

export type ApiOptions = {
  db: Kysely<DB>;
  dialect: Dialect;
  now?: () => number;
  log?: Logger;
  captchaEnabled?: boolean;
  /** Where live captchas wait; the database when not given. */
  captchas?: CaptchaStore;
  /** Where uploads go: a Storage, or the folder for local disk storage. */
  storage?: Storage;
  uploadsDir?: string;
  /** Where attempt counters live; in memory when not given (one process only). */
  limitStore?: LimitStore;
  /** Inbox changes between processes; in memory when not given (one process only). */
  bus?: Bus;
  /** Where views are counted before they are written; a counter of its own, written on flush, when not given. */
  views?: ViewCounter;
  /** Work lists shared for a few seconds (server.ts); every list read afresh when not given. */
  listings?: Listings;
  /** SMS, mail and OAuth (server.ts reads them from the environment); codes and mail go nowhere when not given. */
  signin?: Partial<SigninSettings>;
  /** The model behind 深度思考 and 深度搜索 (AI_*); no AI when not given. */
  ai?: AiProvider | null;
  /** The job queue (api/jobs/open.ts); on SQLite one over the same file when not given. */
  jobs?: JobQueue;
  /** WEBHOOK_ALLOW_HOSTS: hosts webhooks may reach on a private address; none when not given. */
  webhookAllowHosts?: string[];
  /** VAPID_*: web push's key pair and subject; a pair made and kept in the database when not given. */
  push?: PushSettings;
  /** How visitors' stored pages are dropped (server/site.ts); none stored when not given. */
  pageDrops?: PageDrops | null;
  /** How long counts on stored pages are gathered before they are dropped (PAGE_COUNTS_LAG_MS). */
  pageCountsLagMs?: number;
};

export function createDeps(options: ApiOptions): Deps {
  const deps: Deps = {
    db: options.db,
    dialect: options.dialect,
    now: options.now ?? Date.now,
    log: options.log ?? silentLogger,
    captchaEnabled: options.captchaEnabled ?? true,
    captchas: options.captchas ?? databaseCaptchas(options.db),
    storage: options.storage ?? localStorage(options.uploadsDir ?? "data/uploads"),
    limiter: createLimiter(options.limitStore ?? { kind: "memory" }),
    bus: options.bus ?? memoryBus(),
    views: options.views ?? viewCounter(options.db, options.log),
    listings: options.listings ?? noListingCache,
    ai: options.ai ?? null,
    jobs: options.jobs ?? defaultJobs(options),
    webhookAllowHosts: options.webhookAllowHosts ?? [],
    push: options.push ?? { vapid: null, subject: null },
    signin: {
      sms: consoleSms(() => {}),
      mail: consoleMailer(() => {}),
      oauth: {},
      siteUrl: "http://localhost:3000",
      siteUrlSet: true,
      requireVerified: false,
      ...options.signin,
    },
    pages: noPageNews,
  };
  if (options.pageDrops) deps.pages = pageNews(deps, options.pageDrops, options.pageCountsLagMs);
  return deps;
}

/** Scripts and tests on SQLite need not say: the table is there. On PostgreSQL a queue must be opened and given. */
function defaultJobs(options: ApiOptions): JobQueue {
  if (options.dialect === "sqlite")
    return sqliteQueue(options.db, queueSettings(), { log: options.log ?? silentLogger });
  const missing = async () => {
    throw new Error("no job queue: pass `jobs` (api/jobs/open.ts) to the API on PostgreSQL");
  };
  return {
    engine: "pg-boss",
    settings: queueSettings(),
    send: missing,
    start: missing,
    stop: async () => {},
    runDue: missing,
    counts: missing,
    failed: missing,
    retry: missing,
    discard: missing,
  };
}

// Request bodies: forms are small; uploads get room for the file and its multipart envelope.
const limits: [string, number, string][] = [
  [`/api${uploads.audio.path}`, requestLimits.apiAudio, audioTooLarge],
  [`/api${uploads.image.path}`, requestLimits.apiImage, imageTooLarge],
  [`/api${account.avatar.path}`, requestLimits.apiImage, imageTooLarge],
];

/** The upstream API as a Hono app; every dependency is passed in, so tests build one per database. */
export function createApi(options: ApiOptions) {
  return buildApi(options).app;
}

export type Api = ReturnType<typeof createApi>;

/**
 * The API two ways over one route table: `app` answers HTTP (the browser's /api calls, files, streams), and `call`
 * runs an endpoint's handler for a page's loader in this process (api/transport.ts), with no request between.
 */
export function buildApi(options: ApiOptions) {
  const deps = createDeps(options);
  const app = new Hono<ApiEnv>().basePath("/api");

  const small = bodyLimit({
    maxSize: requestLimits.apiForm,
    onError: (c) => fail(c, new ApiError("badRequest", "提交的内容过大")),
  });
  const large = limits.map(
    ([path, maxSize, message]) =>
      [path, bodyLimit({ maxSize, onError: (c) => fail(c, new ApiError("validation", message)) })] as const,
  );
  app.use((c, next) => (large.find(([path]) => c.req.path === path)?.[1] ?? small)(c, next));

  // In this order: a path with a parameter comes after the fixed paths it could take, and the OAuth paths, whose
  // first segment is a name, come last.
  const groups = [
    siteRoutes,
    signinRoutes,
    peopleRoutes,
    accountRoutes,
    inboxRoutes,
    scoreRoutes,
    workRoutes,
    commentRoutes,
    searchRoutes,
    aiRoutes,
    draftRoutes,
    seriesRoutes,
    folderRoutes,
    chartRoutes,
    feedRoutes,
    accessTokenRoutes,
    webhookRoutes,
    curationRoutes,
    eventRoutes,
    commissionRoutes,
    pushRoutes,
    uploadRoutes,
    adminRoutes,
    oauthRoutes,
  ];
  // By method and path: the web's build carries its own copy of each declaration, equal but not the same object.
  const table = new Map<string, Route>();
  const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;
  for (const route of groups.flat()) {
    table.set(keyOf(route.endpoint), route);
    const { method, path, raw } = route.endpoint;
    app.on(method, path, async (c) => {
      const value = await dispatch(deps, route, httpFacts(c));
      return raw ? (value as Response) : ok(c, value);
    });
  }

  app.notFound((c) => notFoundEnvelope(c));
  app.onError((err, c) => fail(c, refusalOf(err, deps, { method: c.req.method, path: c.req.path })));

  /** One endpoint's answer for a page in this process; a refusal is thrown as the ApiError it is. */
  const call = async (endpoint: Endpoint, input: AnyInput, session: ApiSession): Promise<unknown> => {
    const route = table.get(keyOf(endpoint));
    const where = { method: endpoint.method, path: `/api${endpoint.path}` };
    try {
      if (!route || !paramsFit(endpoint, input.params)) throw new ApiError("notFound", "接口不存在");
      return await dispatch(deps, route, plainFacts(input, session), session.memo);
    } catch (err) {
      throw refusalOf(err, deps, where);
    }
  };
  return { app, call, deps };
}

export type BuiltApi = ReturnType<typeof buildApi>;
