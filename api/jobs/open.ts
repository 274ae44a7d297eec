import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Dialect } from "../db/index.ts";
import { silentLogger, type Logger } from "../../contract/shared/log.ts";
import type { JobQueue, QueueSettings } from "./queue.ts";
import type { JobName } from "../../contract/jobs/jobs.ts";
import { sqliteQueue } from "./sqlite-queue.ts";
import { queueSettings } from "./settings.ts";

/**
 * The site's job queue for its database: pg-boss on PostgreSQL (loaded only there), the SQLite table otherwise.
 * `runner`: this process will run jobs and fire schedules (a serving process), not only queue them (a script).
 */
export async function openJobs(
  database: { db: Kysely<DB>; dialect: Dialect; url?: string },
  o: {
    log?: Logger;
    runner?: boolean;
    settings?: Record<JobName, QueueSettings>;
    now?: () => number;
    /** pg-boss: how often runs past their time are looked for (60 s; the process tests ask for 1). */
    superviseSeconds?: number;
  } = {},
): Promise<JobQueue> {
  const settings = o.settings ?? queueSettings();
  const log = o.log ?? silentLogger;
  if (database.dialect === "sqlite") return sqliteQueue(database.db, settings, { log, now: o.now });
  if (!database.url) throw new Error("the job queue on PostgreSQL needs the database's address");
  const { pgBossQueue } = await import("./pg-boss-queue.ts");
  return pgBossQueue(database.url, database.db, settings, {
    log,
    runner: o.runner ?? false,
    superviseSeconds: o.superviseSeconds,
  });
}
