import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { emptyDatabaseUrl, engine } from "../test/harness.ts";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { insertUser } from "../db/queries/users.ts";
import { openJobs } from "./open.ts";
import { processTestSettings } from "../test/job-settings.ts";
import { WorkStatus } from "../../contract/shared/kinds.ts";

/**
 * The queue across real processes (issue 55): a job whose process is killed mid-run runs again and does its effect
 * once; two processes never run the same scheduled work, and a scheduled work goes out at its minute.
 */
const running: ChildProcess[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) p.kill("SIGKILL");
  for (const close of closers.splice(0).reverse()) await close();
});

async function siteDatabase(): Promise<Database & { url: string }> {
  const empty = await emptyDatabaseUrl(engine === "postgres" ? (inject("pgTemplate") ?? undefined) : undefined);
  const database = await openDatabase(empty.url);
  closers.push(empty.drop, () => database.close());
  await migrateToLatest(database);
  return { ...database, url: empty.url };
}

/** A job process (api/test/job-process.ts); `lines` is what it has said so far. */
function jobProcess(url: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["api/test/job-process.ts"], {
    env: { ...process.env, DATABASE_URL: url, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.push(child);
  const lines: string[] = [];
  let buffered = "";
  child.stdout!.on("data", (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  return { child, lines };
}

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("waited too long");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("jobs across processes", () => {
  it("runs again a job whose process was killed mid-run, its effect once", { timeout: 60_000 }, async () => {
    const database = await siteDatabase();
    const jobs = await openJobs(database, { settings: processTestSettings() });
    closers.push(() => jobs.stop());
    await jobs.send("search.reindex", {});
    const first = jobProcess(database.url, { JOB_CRASH: "1" });
    await until(() => first.lines.includes("effect 0"), 30_000);
    first.child.kill("SIGKILL");
    const second = jobProcess(database.url);
    await until(
      async () => (await jobs.counts()).some((c) => c.name === "search.reindex" && c.state === "completed"),
      30_000,
    );
    expect(second.lines).toContain("already 1");
    const { rows } = await sql<{
      n: string | number;
    }>`select count(*) as n from job_effects where key like 'test-effect:%'`.execute(database.db);
    expect(Number(rows[0].n)).toBe(1);
  });

  it("sends a scheduled work at its minute, from one process of two", { timeout: 120_000 }, async () => {
    const database = await siteDatabase();
    // SQLite's runners read the processes' clock: theirs is set three seconds before a minute. pg-boss reads the
    // database's, so there the test waits for the next real minute.
    const minute = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000;
    const offset = engine === "sqlite" ? minute + 60_000 - 3_000 - Date.now() : 0;
    const goesOut = engine === "sqlite" ? minute + 60_000 : minute;
    const userId = await insertUser(database.db, {
      username: "sched",
      nickname: "定时",
      password_hash: "x",
      created_at: 1,
      updated_at: 1,
    });
    const { id } = await database.db
      .insertInto("works")
      .values({
        type: 1,
        user_id: userId,
        title: "到点发布",
        content: "内容",
        status: WorkStatus.scheduled,
        publish_at: goesOut,
        created_at: 1,
        updated_at: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const env = { JOB_CLOCK_OFFSET_MS: String(offset) };
    const a = jobProcess(database.url, env);
    const b = jobProcess(database.url, env);
    await until(() => a.lines.includes("ready") && b.lines.includes("ready"), 30_000);
    const live = async () =>
      await database.db
        .selectFrom("works")
        .select(["status", "created_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    await until(async () => (await live()).status === WorkStatus.live, 100_000);
    const wentOut = Date.now() + offset;
    expect(wentOut - goesOut).toBeLessThan(30_000);
    expect(Number((await live()).created_at)).toBe(goesOut);
    // Each minute's run happened in one of the two, never both.
    const runs = [...a.lines, ...b.lines].filter((l) => l.startsWith("publish-due"));
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs).size).toBe(runs.length);
  });
});
