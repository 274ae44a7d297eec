import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./index.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-writers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `count` writers together, each running `turns` read-modify-write transactions; their errors. */
async function writers(url: string, count: number, turns: number): Promise<string[]> {
  const gate = new Int32Array(new SharedArrayBuffer(8));
  gate[1] = count;
  const all = Array.from({ length: count }, () => {
    const worker = new Worker(new URL("../test/writer-thread.ts", import.meta.url), {
      workerData: { url, turns, gate },
    });
    return new Promise<string[]>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  });
  return (await Promise.all(all)).flat();
}

describe("SQLite with several writers at once (two workers of npm start)", () => {
  it("waits its turn: no transaction fails with 'database is locked', and none loses another's write", async () => {
    const url = `sqlite:${path.join(dir, "tally.db")}`;
    const setup = await openDatabase(url);
    await sql`create table tally (id integer primary key, n integer not null)`.execute(setup.db);
    await sql`insert into tally (id, n) values (1, 0)`.execute(setup.db);
    const errors = await writers(url, 3, 150);
    expect(errors).toEqual([]);
    const { rows } = await sql<{ n: number }>`select n from tally where id = 1`.execute(setup.db);
    expect(rows[0]!.n).toBe(450);
    await setup.close();
  });

  it("opens a new file from several threads at once (each switching it to WAL)", async () => {
    const url = `sqlite:${path.join(dir, "fresh.db")}`;
    const setup = await openDatabase(url);
    await sql`create table tally (id integer primary key, n integer not null)`.execute(setup.db);
    await sql`insert into tally (id, n) values (1, 0)`.execute(setup.db);
    await sql`pragma journal_mode = delete`.execute(setup.db);
    await setup.close();
    const errors = await writers(url, 4, 5);
    expect(errors).toEqual([]);
  });
});
