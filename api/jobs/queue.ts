import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { JobData, JobName, JobState } from "../../contract/jobs/jobs.ts";
import { jobRuns } from "../lib/metrics.ts";

/**
 * The job queue every kind of background work goes through (issue 55, decision 0019): pg-boss on PostgreSQL, a
 * table of the site's own SQLite file otherwise, behind this one interface. A job is queued in the transaction of
 * the write that causes it (`in`), so it exists exactly when the write does; one runner takes it in whichever process
 * asks first; a failed run is tried again after a growing wait, and one that keeps failing stays, failed, for an
 * operator to see and retry or discard (/admin/jobs).
 */
export type SendOptions = {
  /** The transaction of the write that causes the job (default: on its own). */
  in?: Kysely<DB>;
  /** While a job with this key waits or runs, another with the same name and key is not queued. */
  key?: string;
  /** Not before this moment (epoch ms). */
  after?: number;
};

/** One run of a job, as its handler sees it. */
export type JobRun = { id: string; name: JobName; retryCount: number };

export type Handlers = { [N in JobName]: (data: JobData[N], run: JobRun) => Promise<unknown> };

/** How a kind of job is tried and when it runs by itself. */
export type QueueSettings = {
  /** Runs after the first that may follow a failure. */
  retryLimit: number;
  /** The wait before the first retry, doubling with each (with a little jitter) up to `retryDelayMax`. */
  retryDelay: number;
  retryDelayMax: number;
  /** A run longer than this is taken to have died, and the job tried again. */
  expireSeconds: number;
  /** Cron expression in China time, for work that runs by itself. */
  cron: string | null;
  /** At most one waits or runs at a time (a sweep, a backup): a second asked for meanwhile is not queued. */
  single: boolean;
};

export type JobCount = { name: string; state: JobState; n: number };
export type FailedJob = {
  id: string;
  name: string;
  error: string;
  retryCount: number;
  createdAt: number;
  endedAt: number | null;
};

export interface JobQueue {
  readonly engine: "pg-boss" | "sqlite";
  /** How each kind is tried and scheduled. */
  readonly settings: Record<JobName, QueueSettings>;
  /** Queues a job; its id, or null when one with the same key already waits. */
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<string | null>;
  /** Runs jobs in this process from now on, and fires the schedules (one firing for all processes). */
  start(handlers: Handlers): Promise<void>;
  /** Takes no more jobs; those running finish (up to `graceMs`), then the queue lets go of the database. */
  stop(graceMs?: number): Promise<void>;
  /** Runs every job of these names that is due, here and now: the owner's command line and the tests. */
  runDue(handlers: Handlers, names?: JobName[]): Promise<number>;
  counts(): Promise<JobCount[]>;
  failed(limit: number): Promise<FailedJob[]>;
  retry(name: JobName, id: string): Promise<boolean>;
  discard(name: JobName, id: string): Promise<boolean>;
}

/** The wait before retry `retryCount + 1`, in seconds: doubling from `retryDelay`, jittered, at most the maximum. */
export function backoffSeconds(s: Pick<QueueSettings, "retryDelay" | "retryDelayMax">, retryCount: number) {
  const grown = s.retryDelay * 2 ** Math.min(16, retryCount);
  return Math.min(s.retryDelayMax, grown * (0.75 + Math.random() * 0.5));
}

/** One run of a handler, counted for the metrics (job_runs_total) whichever engine runs it. */
export async function runCounted(handlers: Handlers, name: JobName, data: unknown, run: JobRun): Promise<unknown> {
  try {
    const out = await (handlers[name] as (data: unknown, run: JobRun) => Promise<unknown>)(data, run);
    jobRuns.inc({ name, outcome: "done" });
    return out;
  } catch (err) {
    jobRuns.inc({ name, outcome: "failed" });
    throw err;
  }
}

/** A job's error as the admin page shows it: the message, never a stack. */
export function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}
