/**
 * A process of its own running the site's jobs on DATABASE_URL, as a serving process does, for the tests of
 * processes (api/jobs/processes.test.ts). JOB_CRASH=1: its re-index does its effect, says so, and hangs there, to be
 * killed with -9. JOB_CLOCK_OFFSET_MS moves its clock (SQLite's schedules), so a minute's turn comes soon.
 */
import { createDeps } from "../app.ts";
import { openDatabase } from "../db/index.ts";
import { markEffect } from "../db/queries/jobs.ts";
import { jobHandlers } from "../jobs/handlers.ts";
import { openJobs } from "../jobs/open.ts";
import { processTestSettings } from "./job-settings.ts";
import { createLogger } from "../lib/log.ts";

const offset = Number(process.env.JOB_CLOCK_OFFSET_MS ?? 0);
const now = () => Date.now() + offset;
const log = createLogger("warn");
const database = await openDatabase(process.env.DATABASE_URL!, log);
const settings = processTestSettings();
const jobs = await openJobs(database, { runner: true, settings, now, log, superviseSeconds: 1 });
const deps = createDeps({ db: database.db, dialect: database.dialect, jobs, now, log });
const handlers = jobHandlers(deps);
await jobs.start({
  ...handlers,
  "works.publish-due": async (data, run) => {
    // Which minute this run is for: two runs for one minute would be one too many.
    process.stdout.write(`publish-due ${Math.floor(now() / 60_000)}\n`);
    await handlers["works.publish-due"](data, run);
  },
  "search.reindex": async (_data, run) => {
    const did = await markEffect(database.db, `test-effect:${run.id}`, now());
    process.stdout.write(`${did ? "effect" : "already"} ${run.retryCount}\n`);
    if (process.env.JOB_CRASH === "1") await new Promise(() => {});
  },
});
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await jobs.stop(1_000);
  await database.close();
  process.exit(0);
});
