import { CompiledQuery, type Kysely } from "kysely";
import { PgBoss, type Db } from "pg-boss";
import type { DB } from "../db/schema.ts";
import { countPgJobs, failedPgJobs, PGBOSS_SCHEMA } from "../db/queries/pg-jobs.ts";
import { jobNames, type JobName, type JobState } from "../../contract/jobs/jobs.ts";
import { describeError, type Logger } from "../../contract/shared/log.ts";
import { errorText, runCounted, type Handlers, type JobQueue, type QueueSettings } from "./queue.ts";
import { SCHEDULE_TZ } from "./cron.ts";

/** pg-boss runs its statements in a transaction of ours when handed it this way: the job exists iff the write does. */
const inTransaction = (trx: Kysely<DB>): Db => ({
  executeSql: async (text: string, values?: unknown[]) => ({
    rows: (await trx.executeQuery(CompiledQuery.raw(text, (values ?? []) as unknown[]))).rows as unknown[],
  }),
});

/**
 * The job queue of a site on PostgreSQL: pg-boss, in the site's database (its own schema, installed and upgraded by
 * pg-boss at start), over a small pool of its own. Every serving process runs jobs and watches the schedules;
 * pg-boss hands each job to one of them (SKIP LOCKED) and fires each schedule once for all. A run whose process
 * died is taken back when its time runs out (`expireSeconds`).
 */
export function pgBossQueue(
  url: string,
  db: Kysely<DB>,
  settings: Record<JobName, QueueSettings>,
  o: { log: Logger; runner: boolean; superviseSeconds?: number },
): JobQueue {
  const boss = new PgBoss({
    connectionString: url,
    schema: PGBOSS_SCHEMA,
    max: 3,
    application_name: "yishe-jobs",
    supervise: o.runner,
    schedule: o.runner,
    cronMonitorIntervalSeconds: 10,
    registerInstance: o.runner,
    ...(o.superviseSeconds
      ? { superviseIntervalSeconds: o.superviseSeconds, monitorIntervalSeconds: o.superviseSeconds }
      : {}),
  });
  // pg-boss polls every second: a database away is said once a minute, not at every poll.
  let saidAt = 0;
  boss.on("error", (err) => {
    if (Date.now() - saidAt < 60_000) return;
    saidAt = Date.now();
    o.log.error("后台任务队列出错（数据库无法访问？）：任务会在恢复后继续", { error: describeError(err) });
  });
  boss.on("warning", (w) => o.log.warn("job queue warning", { warning: w.message }));
  let ready: Promise<void> | null = null;
  const open = () =>
    (ready ??= (async () => {
      await boss.start();
      const known = new Set((await boss.getQueues()).map((q) => q.name));
      for (const name of jobNames) {
        const s = settings[name];
        const options = {
          retryLimit: s.retryLimit,
          retryDelay: Math.max(1, Math.round(s.retryDelay)),
          retryBackoff: true,
          retryDelayMax: Math.max(1, Math.round(s.retryDelayMax)),
          expireInSeconds: s.expireSeconds,
          deleteAfterSeconds: 7 * 86_400,
        };
        // exclusive: one job at most waits or runs (per key, when one is given).
        if (known.has(name)) await boss.updateQueue(name, options);
        else await boss.createQueue(name, { ...options, policy: s.single ? "exclusive" : "standard" });
      }
    })());

  const run = (handlers: Handlers, name: JobName, job: { id: string; data: unknown; retryCount: number }) =>
    runCounted(handlers, name, job.data, { id: job.id, name, retryCount: job.retryCount });

  return {
    engine: "pg-boss",
    settings,
    async send(name, data, options = {}) {
      await open();
      return boss.send(name, data, {
        singletonKey: options.key,
        startAfter: options.after ? new Date(options.after) : undefined,
        db: options.in ? inTransaction(options.in) : undefined,
      });
    },
    async start(handlers) {
      await open();
      for (const name of jobNames) {
        const cron = settings[name].cron;
        if (cron) await boss.schedule(name, cron, {}, { tz: SCHEDULE_TZ });
        else await boss.unschedule(name);
        await boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          try {
            return await run(handlers, name, job);
          } catch (err) {
            o.log.warn("job failed", { job: name, id: job.id, error: describeError(err) });
            throw err;
          }
        });
      }
    },
    async stop(graceMs = 10_000) {
      if (!ready) return;
      await ready.catch(() => {});
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
    async runDue(handlers, names = jobNames) {
      await open();
      let ran = 0;
      // Until a pass finds nothing: a job may queue another (the digest queues mail).
      for (let before = -1; before !== ran;) {
        before = ran;
        for (const name of names) {
          for (;;) {
            const [job] = await boss.fetch(name, { batchSize: 1 });
            if (!job) break;
            ran++;
            try {
              await run(handlers, name, job);
              await boss.complete(name, job);
            } catch (err) {
              await boss.fail(name, job, { message: errorText(err) });
            }
          }
        }
      }
      return ran;
    },
    async counts() {
      await open();
      return (await countPgJobs(db)).map((r) => ({ name: r.name, state: r.state as JobState, n: Number(r.n) }));
    },
    async failed(limit) {
      await open();
      return (await failedPgJobs(db, limit)).map((j) => ({
        id: j.id,
        name: j.name,
        error: errorOf(j.output),
        retryCount: j.retry_count,
        createdAt: j.created_on.getTime(),
        endedAt: j.completed_on?.getTime() ?? null,
      }));
    },
    async retry(name, id) {
      await open();
      return affected(await boss.retry(name, id)) > 0;
    },
    async discard(name, id) {
      await open();
      return affected(await boss.deleteJob(name, id)) > 0;
    },
  };
}

/** pg-boss keeps a failed run's error in the job's output. */
function errorOf(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) return String(output.message).slice(0, 1000);
  return output ? JSON.stringify(output).slice(0, 1000) : "";
}

/** How many jobs a command changed (pg-boss answers it, though its type does not say so). */
const affected = (r: unknown) => Number((r as { affected?: number } | null)?.affected ?? 0);
