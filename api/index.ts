/**
 * The API's front door: server.ts, server/ and scripts/ reach the API only through this module (a lint rule keeps
 * it so; tests may reach further). What it opens is in api/open.ts; the rest is what the process shares with the
 * API: its settings, its log, metrics, traces and error reports, and the owner's tools.
 */

// Opening the API, and the primary's preparing under WORKERS.
export { openApi, type OpenedApi, type OpenOptions } from "./open/open.ts";
export { prepareDatabase as prepareApi } from "./open/assembly.ts";

// The owner's tools: the command line, backups and their restore, the search index, media between stores.
export { copyMediaToStore, reindexSearch, runOwnerCommand } from "./open/owner-shell.ts";
export { backupSite, restoreSite } from "./services/admin/site-backup.ts";
export { backupName } from "./services/admin/backup-rotation.ts";

// Settings (the environment, read once and checked).
export { readEnv, readEnvOrExit, type Env } from "./config/env.ts";
export { authorizeOrigins } from "./lib/oauth.ts";

// What the process is seen by: log, metrics, traces, error reports, health.
export { createLogger, hideCredentials } from "./lib/log.ts";
export { httpDuration, methodLabel, pageCacheRequests, registry } from "./lib/metrics.ts";
export { nameRoute, requestFacts, requestIdOf, withRequest, type RequestFacts } from "./lib/request-facts.ts";
export { startRequestSpan, tracingOn, turnTracingOn, withSpan } from "./lib/telemetry.ts";
export { reportError, sendErrorsWith } from "./lib/error-reports.ts";
export { checked, type CheckName } from "./lib/health.ts";
export type { Check } from "./open/readiness.ts";

// What every process of the site shares: forgetting caches everywhere, a large body's share of memory, media.
export { forgetEverywhere } from "./lib/forgetting.ts";
export { connectRedis, scopeOf } from "./open/assembly.ts";
// Visitors' stored pages: what a page's reads stand on (the writes' side is the API's own).
export { topicsOfAnswer, topicsOfRead } from "./lib/page-topics.ts";
export { byteSlots } from "./lib/byte-slots.ts";
export { inFlight } from "./lib/in-flight.ts";
export { contentTypeOf, keyOfPath, type Storage } from "./lib/storage.ts";
export type { PictureRights } from "./services/works/picture-rights.ts";
