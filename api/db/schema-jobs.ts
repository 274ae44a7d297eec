import type { Generated } from "kysely";

/** SQLite's job queue (migration 0028_jobs); PostgreSQL keeps its jobs in pg-boss's own schema instead. */
export type JobTable = {
  id: Generated<number>;
  name: string;
  /** JSON. */
  data: string;
  state: string;
  /** A second job with the same name and key is not queued while one waits or runs. */
  singleton_key: string | null;
  /** Runs so far that ended (in failure) or were cut short; a job fails for good after retry_limit + 1. */
  retry_count: number;
  retry_limit: number;
  start_after: number;
  /** host:pid of the process running it, so one that died is seen and its job taken back at once. */
  owner: string | null;
  expire_at: number | null;
  error: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
};

export type JobScheduleTable = { name: string; cron: string; next_at: number };

/** The idempotency keys of effects done: a job run again after a crash finds its key and does nothing twice. */
export type JobEffectTable = { key: string; done_at: number };

export type MailLogTable = {
  id: Generated<number>;
  kind: string;
  to_address: string;
  user_id: number | null;
  state: string;
  attempts: Generated<number>;
  error: Generated<string>;
  created_at: number;
  sent_at: number | null;
};

/** Which notifications reach a member by mail, in the daily digest (none unless they choose). */
export type MailChoiceTable = {
  user_id: number;
  /** Comma-separated kinds (contract/jobs/jobs.ts mailNoticeKinds). */
  kinds: string;
  /** The random key in the digest's unsubscribe link: it can only turn the digest off. */
  unsubscribe_key: string;
  /** Notifications up to this moment have been mailed. */
  digest_at: number;
};

/** A serving process's heartbeat (migration 0027_processes). */
export type ProcessTable = {
  id: string;
  host: string;
  pid: number;
  worker: number;
  release: string;
  started_at: number;
  seen_at: number;
  health: string;
};
