import client from "prom-client";

/**
 * What the process counts for Prometheus (prom-client, the Node field's client): the measures an operator watches,
 * in one place so docs/operations.md can list them. Each is a module-level metric in prom-client's default registry;
 * counting costs a few hundred nanoseconds and happens whether or not anyone scrapes, and the registry is served on
 * METRICS_PORT only (server/metrics.ts), summed across a cluster's workers. Labels stay bounded: routes are patterns,
 * never paths.
 */

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's last byte, by route pattern, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: SECONDS,
});

export const dbDuration = new client.Histogram({
  name: "db_statement_duration_seconds",
  help: "Time of each SQL statement, by kind (select, insert, update, delete, other) and outcome",
  labelNames: ["kind", "outcome"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
});

export const pageCacheRequests = new client.Counter({
  name: "page_cache_requests_total",
  help: "Visitors' pages asked of the store: hit, not_modified (304), miss (rendered and stored), pass (not stored)",
  labelNames: ["result"] as const,
});

export const rateLimitRefusals = new client.Counter({
  name: "rate_limit_refusals_total",
  help: "Requests refused for going past a rate limit, by rule",
  labelNames: ["rule"] as const,
});

export const inboxStreams = new client.Gauge({
  name: "inbox_streams_open",
  help: "Inbox event streams held open by browsers",
});

export const aiCalls = new client.Counter({
  name: "ai_calls_total",
  help: "Questions put to the model, by outcome (answered, stopped, failed)",
  labelNames: ["outcome"] as const,
});

export const aiTokens = new client.Counter({
  name: "ai_tokens_total",
  help: "Tokens the model read (prompt) and wrote (completion)",
  labelNames: ["direction"] as const,
});

export const mailSent = new client.Counter({
  name: "mail_sent_total",
  help: "Mail handed to the SMTP server (sent) or refused by it (failed)",
  labelNames: ["outcome"] as const,
});

export const jobRuns = new client.Counter({
  name: "job_runs_total",
  help: "Background job runs by kind and how they ended (done, failed: tried again later or for good)",
  labelNames: ["name", "outcome"] as const,
});

export const redisUp = new client.Gauge({
  name: "redis_up",
  help: "1 while Redis answers, 0 while it is away; absent without REDIS_URL",
  // Summed across workers it would read 2 for two workers: the lowest says whether any worker has lost it.
  aggregator: "min",
  // Registered by the process that connects to Redis (watchRedis): without REDIS_URL there is no line to alert on.
  registers: [],
});
let redisWatched = false;
export function watchRedis() {
  if (!redisWatched) client.register.registerMetric(redisUp);
  redisWatched = true;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A method a client made up is one label, not a new series each. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : "OTHER");

const KINDS = new Set(["select", "insert", "update", "delete"]);
/** The SQL statement's kind from its first word: a label of five values. */
export function statementKind(sql: string): string {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  return word && KINDS.has(word) ? word : "other";
}

export const registry = client.register;
