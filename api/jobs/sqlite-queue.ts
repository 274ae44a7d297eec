import os from "node:os";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  activeJobs,
  anyDue,
  advanceSchedule,
  claimJob,
  completeJob,
  countJobs,
  deleteJob,
  dropSchedule,
  failedJobs,
  failJob,
  findJob,
  forgetOldJobs,
  insertJob,
  requeueJob,
  schedules,
  setSchedule,
} from "../db/queries/jobs.ts";
import { jobNames, type JobName, type JobState } from "../../contract/jobs/jobs.ts";
import { describeError, type Logger } from "../../contract/shared/log.ts";
import { backoffSeconds, errorText, runCounted, type Handlers, type JobQueue, type QueueSettings } from "./queue.ts";
import { nextRun } from "./cron.ts";
import { processAlive } from "../db/lease.ts";

const POLL_MS = 1_000;
const HOUSEKEEPING_MS = 3_600_000;

/**
 * The job queue of a site on SQLite: a table in the site's own file, so a job is queued in its write's transaction.
 * All processes on one file share a machine, so a job whose process has died (`kill -9`) is seen at once by its
 * process id and tried again; one past its time is too. A job is taken by one UPDATE … RETURNING, which SQLite runs
 * alone, so two runners never take the same job; a schedule fires when one process moves its next minute on.
 */
export function sqliteQueue(
  db: Kysely<DB>,
  settings: Record<JobName, QueueSettings>,
  o: { log: Logger; now?: () => number },
): JobQueue {
  const now = o.now ?? Date.now;
  const host = os.hostname();
  const owner = `${host}:${process.pid}`;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = true;
  let housekept = 0;
  let current: Handlers | null = null;

  async function takeBack(t: number) {
    for (const job of await activeJobs(db)) {
      const [jobHost, pid] = (job.owner ?? "").split(":");
      const gone = jobHost === host && Number(pid) !== process.pid && !processAlive(Number(pid));
      if (!gone && (job.expire_at ?? Infinity) > t) continue;
      const s = settings[job.name as JobName];
      const retryAt = s && job.retry_count < job.retry_limit ? t + backoffSeconds(s, job.retry_count) * 1000 : null;
      await failJob(db, job.id, job.owner, { now: t, error: gone ? "运行它的进程已中断" : "运行超时", retryAt });
      o.log.warn("job taken back", { job: job.name, id: job.id, owner: job.owner, gone });
    }
  }

  async function fireSchedules(t: number) {
    for (const s of await schedules(db)) {
      if (s.next_at > t || !settings[s.name as JobName]) continue;
      const fired = await db.transaction().execute(async (trx) => {
        if (!(await advanceSchedule(trx, s.name, s.next_at, nextRun(s.cron, t)))) return false;
        await insertJob(trx, {
          name: s.name,
          data: "{}",
          singleton_key: "*",
          retry_limit: settings[s.name as JobName].retryLimit,
          start_after: t,
          created_at: t,
        });
        return true;
      });
      if (fired) o.log.debug("schedule fired", { job: s.name });
    }
  }

  /** Runs the due jobs of `names` one after another until none is left; how many ran. */
  async function drain(handlers: Handlers, names: JobName[]): Promise<number> {
    let ran = 0;
    for (;;) {
      const t = now();
      if (!(await anyDue(db, names, t))) return ran;
      const job = await claimJob(db, names, owner, t, t + 3_600_000);
      if (!job) return ran;
      const name = job.name as JobName;
      const s = settings[name];
      await db
        .updateTable("jobs")
        .set({ expire_at: t + s.expireSeconds * 1000 })
        .where("id", "=", job.id)
        .execute();
      ran++;
      try {
        await runCounted(handlers, name, JSON.parse(job.data), {
          id: String(job.id),
          name,
          retryCount: job.retry_count,
        });
        await completeJob(db, job.id, owner, now());
      } catch (err) {
        const retryAt = job.retry_count < job.retry_limit ? now() + backoffSeconds(s, job.retry_count) * 1000 : null;
        await failJob(db, job.id, owner, { now: now(), error: errorText(err), retryAt });
        o.log[retryAt ? "warn" : "error"]("job failed", { job: name, id: job.id, error: describeError(err) });
      }
    }
  }

  async function turn(handlers: Handlers) {
    const t = now();
    await takeBack(t);
    await fireSchedules(t);
    if (t - housekept > HOUSEKEEPING_MS) {
      housekept = t;
      await forgetOldJobs(db, t);
    }
    await drain(handlers, jobNames);
  }

  /** The one pending turn of this process's runner: never two, however often it is woken. */
  function schedule(ms: number) {
    if (timer) clearTimeout(timer);
    // Not unref'd: a started runner is work this process is doing (a job process with nothing else stays alive).
    timer = setTimeout(tick, ms);
  }

  function tick() {
    timer = null;
    if (stopped || !current) return;
    // Woken while at work: one more turn right after this one, rather than a second at once.
    if (running) {
      again = true;
      return;
    }
    const handlers = current;
    running = turn(handlers)
      .catch((err) => o.log.error("job runner failed", { error: describeError(err) }))
      .finally(() => {
        running = null;
        if (!stopped) schedule(again ? 0 : POLL_MS);
        again = false;
      });
  }

  return {
    engine: "sqlite",
    settings,
    async send(name, data, options = {}) {
      const t = now();
      const id = await insertJob(options.in ?? db, {
        name,
        data: JSON.stringify(data),
        singleton_key: options.key ?? (settings[name].single ? "*" : null),
        retry_limit: settings[name].retryLimit,
        start_after: Math.max(t, options.after ?? t),
        created_at: t,
      });
      // Soon, rather than at the next poll: a mail asked for now goes now (after its write has committed).
      if (id !== null && !stopped && current) {
        if (running) again = true;
        else schedule(20);
      }
      return id === null ? null : String(id);
    },
    async start(handlers) {
      const t = now();
      const known = new Map((await schedules(db)).map((s) => [s.name, s.cron]));
      for (const name of jobNames) {
        const cron = settings[name].cron;
        if (!cron) {
          if (known.has(name)) await dropSchedule(db, name);
        } else if (known.get(name) !== cron) await setSchedule(db, name, cron, nextRun(cron, t));
      }
      stopped = false;
      current = handlers;
      schedule(POLL_MS);
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await Promise.race([running, new Promise((r) => setTimeout(r, graceMs).unref())]);
    },
    runDue: (handlers, names = jobNames) => drain(handlers, names),
    async counts() {
      return (await countJobs(db)).map((r) => ({ name: r.name, state: r.state as JobState, n: Number(r.n) }));
    },
    async failed(limit) {
      return (await failedJobs(db, limit)).map((j) => ({
        id: String(j.id),
        name: j.name,
        error: j.error ?? "",
        retryCount: j.retry_count,
        createdAt: j.created_at,
        endedAt: j.ended_at,
      }));
    },
    async retry(name, id) {
      const job = await findJob(db, Number(id));
      return job?.name === name ? requeueJob(db, job.id, now()) : false;
    },
    async discard(name, id) {
      const job = await findJob(db, Number(id));
      return job?.name === name ? deleteJob(db, job.id) : false;
    },
  };
}
