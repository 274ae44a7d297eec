import type { JobName } from "../../contract/jobs/jobs.ts";
import type { QueueSettings } from "./queue.ts";

const MINUTE = 60;
const HOUR = 3_600;

/**
 * How each kind of job is tried and when it runs by itself. Mail waits longer each time it is refused for now, up to
 * an hour between tries, for about a day in all; many mails wait at once. The sweeps, the publisher and the backup
 * run on the clock (the backup when BACKUP_SCHEDULE says), one at a time. `fast` (tests): retries within a second.
 */
export function queueSettings(
  o: { backupSchedule?: string | null; fast?: boolean } = {},
): Record<JobName, QueueSettings> {
  const kind = (k: Omit<QueueSettings, "single"> & { single?: boolean }): QueueSettings => ({
    single: true,
    ...k,
    ...(o.fast ? { retryDelay: 1, retryDelayMax: 1 } : {}),
  });
  const clockwork = (cron: string | null, expireSeconds: number) =>
    kind({ retryLimit: 2, retryDelay: MINUTE, retryDelayMax: 10 * MINUTE, expireSeconds, cron });
  return {
    "mail.send": kind({
      retryLimit: 30,
      retryDelay: 30,
      retryDelayMax: HOUR,
      expireSeconds: 2 * MINUTE,
      cron: null,
      single: false,
    }),
    // A receiver away for a while gets each event again, later each time (up to an hour apart), eight times in all.
    "webhooks.deliver": kind({
      retryLimit: 7,
      retryDelay: 30,
      retryDelayMax: HOUR,
      expireSeconds: MINUTE,
      cron: null,
      single: false,
    }),
    // A push service busy or away: tried again within the hour; it keeps what it took for a day.
    "push.send": kind({
      retryLimit: 5,
      retryDelay: 15,
      retryDelayMax: 20 * MINUTE,
      expireSeconds: MINUTE,
      cron: null,
      single: false,
    }),
    // Visitors' stored pages a write changed: tried again soon while the store is away, as long as pages live.
    "pages.drop": kind({
      retryLimit: 20,
      retryDelay: 5,
      retryDelayMax: 5 * MINUTE,
      expireSeconds: MINUTE,
      cron: null,
      single: false,
    }),
    "works.publish-due": kind({
      retryLimit: 3,
      retryDelay: 10,
      retryDelayMax: MINUTE,
      expireSeconds: 5 * MINUTE,
      cron: "* * * * *",
    }),
    "uploads.sweep": clockwork("17 * * * *", 30 * MINUTE),
    "signin.purge": clockwork("7 * * * *", 10 * MINUTE),
    "search.reindex": clockwork(null, 2 * HOUR),
    "notices.digest": clockwork("0 20 * * *", HOUR),
    "site.backup": clockwork(o.backupSchedule ?? null, 3 * HOUR),
  };
}
