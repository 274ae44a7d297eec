import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { emptyDatabaseUrl, engine, startApi, type TestApi } from "../test/harness.ts";
import { signupForm } from "../test/signup.ts";
import { isStatementTimeout, openDatabase, type Database } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";
import * as api from "../../contract/endpoints.ts";

const sleep = (database: Database, seconds: number) =>
  sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(${seconds})`.execute(database.db);

// DATABASE_POOL_MAX and DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL's own settings (SQLite has one connection).
describe.runIf(engine === "postgres")("PostgreSQL settings", () => {
  let url: string;
  let database: Database & { drop(): Promise<void> };
  let t: TestApi | undefined;
  afterAll(async () => {
    if (t) await t.close();
    else await database?.drop();
  });

  it("open at most DATABASE_POOL_MAX connections, and cancel a statement past the time limit", async () => {
    const empty = await emptyDatabaseUrl();
    url = empty.url;
    const opened = await openDatabase(url, undefined, { poolMax: 2, statementTimeoutMs: 400 });
    database = {
      ...opened,
      drop: async () => {
        await opened.close();
        await empty.drop();
      },
    };
    await migrateToLatest(database);
    const pids = await Promise.all([1, 2, 3, 4].map(async () => (await sleep(database, 0.1)).rows[0].pid));
    expect(new Set(pids).size).toBe(2);
    const slow = await sleep(database, 2).catch((err: unknown) => err);
    expect(isStatementTimeout(slow)).toBe(true);
  });

  it("answers 服务繁忙 (503) when a statement runs out of time, and works again after", async () => {
    t = await startApi({ database });
    const signup = await t.call<{ token: string }>("POST", "/api/login/signup", {
      body: Object.fromEntries(signupForm("patient")),
    });
    const token = signup.body.data.token;
    expect(token).toBeTruthy();
    // Another session holds the users table: the session lookup waits past the limit.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table users in access exclusive mode");
    const busy = await t.send(api.signin.current, {}, { token });
    await holder.query("rollback");
    await holder.end();
    expect(busy.status).toBe(503);
    expect(busy.body).toMatchObject({ success: false, errorCode: 5003, message: "服务繁忙，请稍后再试" });
    expect((await t.send(api.signin.current, {}, { token })).status).toBe(200);
  });
});
