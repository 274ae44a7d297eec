import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../test/harness.ts";
import type { Database } from "../db/index.ts";
import { openJobs } from "./open.ts";
import { queueSettings } from "./settings.ts";
import type { Handlers, JobQueue } from "./queue.ts";
import { jobNames, type JobName } from "../../contract/jobs/jobs.ts";
import { markEffect } from "../db/queries/jobs.ts";

/** The queue's promises on the engine under test (SQLite here, pg-boss with TEST_DATABASE=postgres). */
let database: Database & { drop(): Promise<void> };
let jobs: JobQueue;
let now = Date.now();

const noop = async () => {};
function handlers(over: Partial<Handlers> = {}): Handlers {
  const all = Object.fromEntries(jobNames.map((n) => [n, noop])) as unknown as Handlers;
  return { ...all, ...over };
}
const stateOf = async (name: JobName) =>
  Object.fromEntries((await jobs.counts()).filter((c) => c.name === name).map((c) => [c.state, c.n]));

/** Runs due jobs until `done` holds, moving the test's clock on (SQLite) or waiting (pg-boss keeps its own). */
async function runUntil(h: Handlers, done: () => Promise<boolean> | boolean, names?: JobName[]) {
  for (let i = 0; i < 40 && !(await done()); i++) {
    now += 5_000;
    await jobs.runDue(h, names);
    if (!(await done()) && jobs.engine === "pg-boss") await new Promise((r) => setTimeout(r, 250));
  }
}

beforeEach(async () => {
  database = await freshDatabase();
  now = Date.now();
  jobs = await openJobs(database, { settings: queueSettings({ fast: true }), now: () => now });
});
afterEach(async () => {
  await jobs.stop();
  await database.drop();
});

describe("the job queue", () => {
  it("queues a job only when the write that causes it commits", async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await jobs.send("search.reindex", {}, { in: trx });
        throw new Error("the write fails");
      })
      .catch(() => {});
    await database.db.transaction().execute((trx) => jobs.send("uploads.sweep", {}, { in: trx }));
    const ran: string[] = [];
    await jobs.runDue(
      handlers({
        "search.reindex": async () => void ran.push("reindex"),
        "uploads.sweep": async () => void ran.push("sweep"),
      }),
    );
    expect(ran).toEqual(["sweep"]);
  });

  it("keeps one job a key while it waits", async () => {
    expect(await jobs.send("search.reindex", {}, { key: "all" })).not.toBeNull();
    expect(await jobs.send("search.reindex", {}, { key: "all" })).toBeNull();
    let runs = 0;
    expect(await jobs.runDue(handlers({ "search.reindex": async () => void runs++ }))).toBe(1);
    expect(runs).toBe(1);
  });

  it("waits for a job's moment", async () => {
    await jobs.send("uploads.sweep", {}, { after: Date.now() + 3_600_000 });
    expect(await jobs.runDue(handlers())).toBe(0);
    expect((await stateOf("uploads.sweep")).created).toBe(1);
  });

  it("tries a failing job again, then keeps it failed with its error, to be retried or discarded", async () => {
    let tries = 0;
    const failing = handlers({
      "search.reindex": async () => {
        tries++;
        throw new Error("索引坏了");
      },
    });
    await jobs.send("search.reindex", {});
    const limit = queueSettings()["search.reindex"].retryLimit;
    await runUntil(failing, async () => (await stateOf("search.reindex")).failed === 1);
    expect(tries).toBe(limit + 1);
    const [failed] = await jobs.failed(10);
    expect(failed).toMatchObject({ name: "search.reindex", error: "索引坏了" });

    expect(await jobs.retry("search.reindex", failed.id)).toBe(true);
    let ok = 0;
    await runUntil(handlers({ "search.reindex": async () => void ok++ }), () => ok > 0);
    expect(ok).toBe(1);
    expect((await stateOf("search.reindex")).completed).toBe(1);

    await jobs.send("search.reindex", {});
    await runUntil(failing, async () => (await stateOf("search.reindex")).failed === 1);
    const [again] = await jobs.failed(10);
    expect(await jobs.retry("uploads.sweep", again.id)).toBe(false);
    expect(await jobs.discard("search.reindex", again.id)).toBe(true);
    expect(await jobs.failed(10)).toEqual([]);
  });

  it("does an effect once, however many times its job runs", async () => {
    let effects = 0;
    const once = handlers({
      "search.reindex": async (_data, run) => {
        await database.db.transaction().execute(async (trx) => {
          if (await markEffect(trx, `reindex:${run.id}`, Date.now())) effects++;
        });
        if (run.retryCount === 0) throw new Error("cut short after its effect");
      },
    });
    await jobs.send("search.reindex", {});
    await runUntil(once, async () => (await stateOf("search.reindex")).completed === 1);
    expect(effects).toBe(1);
  });

  it("runs one job at a time in a process, however often a send wakes it", { timeout: 30_000 }, async () => {
    let at = 0;
    let most = 0;
    let done = 0;
    await jobs.start(
      handlers({
        "mail.send": async () => {
          most = Math.max(most, ++at);
          await new Promise((r) => setTimeout(r, 100));
          at--;
          done++;
        },
      }),
    );
    for (let i = 0; i < 5; i++) {
      await jobs.send("mail.send", { mailId: i });
      // Each send comes while a job is at work.
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 200 && done < 5; i++) await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(5);
    expect(most).toBe(1);
  });
});
