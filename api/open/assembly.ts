/**
 * How server.ts builds the API's dependencies from the settings: Redis, the shared work lists, the options of
 * createApi, and what the first process does once (migrations, the first seed).
 */
import { redisUp, watchRedis } from "../lib/metrics.ts";
import { createHash } from "node:crypto";
import path from "node:path";
import { createDeps } from "../app.ts";
import { viewCounter } from "../services/works/views.ts";
import { redisViewCounter } from "../services/works/views-redis.ts";
import { redisCaptchas } from "../services/signin/captcha-store.ts";
import { listingCache, type Listings } from "../services/browse/listings.ts";
import { databaseWarnings, openDatabase, type Database } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedAlone } from "../seed/index.ts";
import type { Env } from "../config/env.ts";
import { signinSettings } from "../config/signin-settings.ts";
import type { Logger } from "../../contract/shared/log.ts";
import { Redis } from "ioredis";
import { memoryBus, redisForgetting, warnOnChange, type Bus } from "../lib/bus.ts";
import { carryForgettingOver, forgetEverywhere, forgetHere } from "../lib/forgetting.ts";
import type { Deps } from "../services/deps.ts";
import { localStorage } from "../lib/storage.ts";
import { describeError } from "../../contract/shared/log.ts";
import { openJobs } from "../jobs/open.ts";
import { queueSettings } from "../jobs/settings.ts";
import { scheduledBackup } from "../services/admin/backup-rotation.ts";

/**
 * Redis away (at start or later) degrades rather than stops the site: each process counts limits on its own, live
 * inbox updates pause, work-list news waits for the lists' time limit. ioredis reconnects by itself; the log
 * says so once per outage, naming the setting, and again when Redis is back.
 */
export function connectRedis(url: string, log: Logger): Redis {
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const where = (() => {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 6379}`;
  })();
  const trouble = warnOnChange(
    log,
    `REDIS_URL (${where}) 无法连接：限流改为各进程自行计数，实时消息暂停，恢复后自动重连`,
    {},
    `REDIS_URL (${where}) 已恢复连接`,
  );
  watchRedis();
  redisUp.set(0);
  client.on("error", (err: unknown) => {
    redisUp.set(0);
    trouble.failed(err);
  });
  client.on("ready", () => {
    redisUp.set(1);
    trouble.recovered();
  });
  return client;
}

/**
 * The adapters an operator may configure are loaded only when configured: the S3 and OpenAI SDKs hold tens of
 * megabytes of every process's memory (code and its source kept by V8), and most sites use local files and no AI.
 */
/** Where media goes: the S3 store (its SDK loaded only then) or DATA_DIR/uploads. */
export async function storageOf(env: Env) {
  return env.storage.kind === "s3"
    ? (await import("../lib/s3-storage.ts")).s3Storage(env.storage)
    : localStorage(path.join(env.dataDir, "uploads"));
}

/** How the site's jobs are tried and scheduled (api/jobs/settings.ts), BACKUP_SCHEDULE among them. */
export const jobSettingsOf = (env: Env) => queueSettings({ backupSchedule: env.backupSchedule });

/** The job `site.backup`: this site into BACKUP_DIR, and BACKUP_S3_BUCKET when set, each kept as BACKUP_KEEP says. */
export const backupJob = (env: Env) => async () => {
  const now = Date.now();
  const site = { databaseUrl: env.databaseUrl, dataDir: env.dataDir, storage: env.storage.kind };
  const folder = await scheduledBackup(site, env.backupDir, env.backupKeep, now);
  if (!env.backupS3) return;
  const [{ s3Client }, offsite] = await Promise.all([
    import("../lib/s3-storage.ts"),
    import("../services/admin/backup-offsite.ts"),
  ]);
  const client = s3Client(env.backupS3);
  try {
    await offsite.copyBackupToS3(client, env.backupS3, folder);
    await offsite.rotateS3Backups(client, env.backupS3, env.backupKeep, now);
  } finally {
    client.destroy();
  }
};

export async function apiOptions(
  env: Env,
  log: Logger,
  database: Database,
  bus: Bus,
  redis: Redis | null,
  listings: Listings = listingCache({ ttlMs: env.listingCacheMs }),
  /** This process runs jobs (a serving process), rather than only queueing them. */
  runner = true,
) {
  return {
    jobs: await openJobs(database, { log, runner, settings: jobSettingsOf(env) }),
    listings,
    // Chosen here, so the primary's demo seed under WORKERS writes where the workers will read.
    storage: await storageOf(env),
    db: database.db,
    dialect: database.dialect,
    log,
    captchaEnabled: env.captcha,
    webhookAllowHosts: env.webhookAllowHosts,
    push: env.push,
    captchas: redis ? redisCaptchas(redis, database.db, { scope: scopeOf(env.databaseUrl), log }) : undefined,
    signin: signinSettings(env),
    ai: env.ai ? (await import("../lib/ai-client.ts")).openAiProvider(env.ai) : null,
    limitStore: redis ? ({ kind: "redis", client: redis } as const) : database.limitStore,
    bus,
    // With Redis, held there for every process (and a process that dies loses none); else in this one.
    views: redis
      ? redisViewCounter(redis, database.db, { log, scope: scopeOf(env.databaseUrl) })
      : viewCounter(database.db, log),
  };
}

/** A short name for a database, for keys in a Redis that sites on other databases may share. */
export const scopeOf = (databaseUrl: string) => createHash("sha256").update(databaseUrl).digest("hex").slice(0, 12);

/**
 * Work lists shared for LISTING_CACHE_MS. A write in one process is news to all, which forget them: through Redis when REDIS_URL is set (every process of every server), else through the
 * cluster's primary under WORKERS (server/cluster.ts).
 */
export function sharedListings(env: Env, log: Logger, redis: Redis | null) {
  const carrier = redis ? redisForgetting(redis, log, forgetHere) : null;
  const giveUp = carrier ? carryForgettingOver(carrier) : null;
  const tell = forgetEverywhere("yishe:listings", () => listings.forget());
  const listings = listingCache({ ttlMs: env.listingCacheMs, announce: () => tell() });
  return {
    listings,
    close: () => {
      tell.stop();
      giveUp?.();
      carrier?.close();
    },
  };
}

/** STORAGE=s3 unreachable at start: the site still serves pages, and the log says what to fix. */
export function storeAway(env: Env, log: Logger, err: unknown) {
  const where = env.storage.kind === "s3" ? `${env.storage.endpoint ?? "AWS"}，存储桶 ${env.storage.bucket}` : "";
  log.error(`S3_ENDPOINT / S3_BUCKET 无法访问（${where}）：上传会失败，已存的图片和音频无法显示`, {
    error: describeError(err),
  });
}

export function seedDatabase(env: Env, database: Database, deps: Deps) {
  return seedAlone(database, deps, {
    demo: env.demoContent,
    ownerUsername: env.ownerUsername,
    ownerPassword: env.ownerPassword,
    announce: (message) => process.stdout.write(`\n  ${message}\n\n`),
  });
}

/** What the primary of several workers does once, before any of them starts: migrations and the first seed. */
/** Said once per start: by the primary under WORKERS, else by the only process. */
export async function warnAboutDatabase(database: Database, log: Logger) {
  for (const warning of await databaseWarnings(database)) log.warn(warning);
}

export async function prepareDatabase(env: Env, log: Logger) {
  if (env.apiOrigin) return;
  const database = await openDatabase(env.databaseUrl, log, env.database);
  try {
    await migrateToLatest(database);
    await warnAboutDatabase(database, log);
    const options = await apiOptions(env, log, database, memoryBus(), null, undefined, false);
    await seedDatabase(env, database, createDeps(options));
    await options.jobs.stop();
  } finally {
    await database.close();
  }
}
