import path from "node:path";
import { mkdirSync } from "node:fs";
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect, SqliteDriver, SqliteQueryCompiler } from "kysely";
import { timeSqlite } from "./observed.ts";
import type { DatabaseConnection } from "kysely";
import { silentLogger, type Logger, describeError } from "../../contract/shared/log.ts";
import type { DB } from "./schema.ts";
import type { LimitStore } from "../lib/rate-limit.ts";
import { preparingClient } from "./pg-prepared.ts";

export type Dialect = "sqlite" | "postgres";
/** The engine's own client rides along for the rate limiter, which speaks to it directly. */
export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  limitStore: LimitStore;
  close(): Promise<void>;
  /** PostgreSQL: the address it was opened with (migrations open a connection of their own, without a time limit). */
  url?: string;
};

/** PostgreSQL's settings (DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS); SQLite has one connection and no limit. */
/** `connectWaitMs`: how long a start waits for an unreachable PostgreSQL, asking again with back-off. */
export type DatabaseOptions = { poolMax: number; statementTimeoutMs: number; connectWaitMs?: number };
const defaults: DatabaseOptions = { poolMax: 10, statementTimeoutMs: 30_000 };

/** Opens the database named by a URL: `sqlite:path`, `sqlite::memory:`, or `postgres://…`. */
export async function openDatabase(
  url: string,
  log: Logger = silentLogger,
  options: DatabaseOptions = defaults,
): Promise<Database> {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return openPostgres(url, log, options);
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  throw new Error(`DATABASE_URL 不受支持：${url}（应以 sqlite: 或 postgres:// 开头）`);
}

async function openSqlite(file: string): Promise<Database> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // The wait comes first: several processes opening one file at once each switch it to WAL, which takes a lock.
  const sqlite = new BetterSqlite3(file, { timeout: BUSY_WAIT_MS });
  sqlite.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  await toWal(sqlite);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<DB>({
    dialect: new PlannedOnceSqlite({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: "sqlite", limitStore: { kind: "sqlite", client: sqlite }, close: () => db.destroy() };
}

/**
 * Switching a new file to WAL needs it to itself for a moment; another process's first migration can hold it longer
 * than the busy wait, and some states of the switch answer SQLITE_BUSY without waiting. So: ask first, retry a while.
 */
async function toWal(sqlite: Sqlite): Promise<void> {
  const deadline = Date.now() + 6 * BUSY_WAIT_MS;
  for (;;) {
    try {
      if (sqlite.pragma("journal_mode", { simple: true }) === "wal") return;
      sqlite.pragma("journal_mode = WAL");
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

/** True when SQLite gave up waiting for another connection's lock. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code ?? "";
  return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
}

/**
 * Parameters written `+?`, not `?`. better-sqlite3 clears a statement's values after every run, and SQLite marks a
 * statement to be compiled again whenever a value it looked at while planning is bound anew: `limit ?`, and any
 * `column = ?` in a join. So nearly every kept statement was compiled again on every run: the session lookup took
 * five times as long, and better-sqlite3 built a new row function each time. `+?` is the same value, with
 * no affinity as before, but the planner does not look into it, so a statement is planned once. Every statement
 * the API's suite runs keeps its plan on the bench's data (api/db/planned-once.test.ts checks a sample).
 */
class PlannedOnceCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return "+?";
  }
}

/** How long a writer waits for another process's write to end before giving up (SQLITE_BUSY). */
export const BUSY_WAIT_MS = 10_000;

/**
 * Transactions start as writers. A deferred `begin` reads first and must upgrade its lock to write; when another
 * process wrote in between, SQLite answers SQLITE_BUSY at once, without waiting out busy_timeout (the wait cannot
 * help a reader whose snapshot is stale). `begin immediate` takes the write lock up front, so it waits its turn.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return timeSqlite(await super.acquireConnection());
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class PlannedOnceSqlite extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createQueryCompiler() {
    return new PlannedOnceCompiler();
  }
}

type Sqlite = import("better-sqlite3").Database;
const STATEMENTS = 1_000;

/**
 * Kysely prepares every query afresh; compiling the SQL each time was a tenth of a rendered page's time. Statements
 * are kept by their text (the values are parameters, so the texts are few); a statement still being iterated is
 * not handed out twice.
 */
export function withStatementCache(sqlite: Sqlite) {
  const cache = new Map<string, ReturnType<Sqlite["prepare"]>>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) return hit;
      const statement = sqlite.prepare(sql);
      if (!hit) {
        if (cache.size >= STATEMENTS) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

async function openPostgres(url: string, log: Logger, options: DatabaseOptions): Promise<Database> {
  const { default: pg } = await import("pg");
  // Counts and millisecond times are int8: read them as numbers (exact below 2^53).
  const types = {
    getTypeParser: (oid: number, format?: "text" | "binary") => {
      if (oid === 20) return (v: string) => Number(v);
      if (oid === 1700) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  };
  // A statement past the limit is cancelled by the server (57014) rather than holding a connection of the pool.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax,
    types: types as never,
    Client: preparingClient(pg.Client),
    ...(options.statementTimeoutMs > 0 && { statement_timeout: options.statementTimeoutMs }),
  });
  // An idle connection that the server closes (a restart, a dropped database) is reported here; without a
  // listener it would crash the process. The pool opens a new connection on next use.
  pool.on("error", (err) => log.warn("database connection lost", { error: describeError(err) }));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await untilReachable(pool, url, log, options.connectWaitMs ?? 0);
  // Kysely ends the pool only if it ever used it; the reachability check's connection must go either way (a template
  // database with a connection left open cannot be copied).
  const close = async () => {
    await db.destroy();
    if (!pool.ended) await pool.end();
  };
  return { db, dialect: "postgres", limitStore: { kind: "postgres", pool }, close, url };
}

/** The server a URL names, without its password: what a message about it may say. */
export function whereIs(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "(unreadable)";
  }
}

/**
 * Waits for PostgreSQL to answer, asking again after 0.5, 1, 2, 4… s (at most 5 s apart) for `waitMs` in all: a
 * database that starts a little after the site (compose, a restart) is waited for. Then it fails with a message
 * naming DATABASE_URL and where it points, not a pool's stack.
 */
async function untilReachable(
  pool: { query: (q: string) => Promise<unknown> },
  url: string,
  log: Logger,
  waitMs: number,
) {
  const until = Date.now() + waitMs;
  for (let attempt = 1, pause = 500; ; attempt++, pause = Math.min(pause * 2, 5_000)) {
    try {
      await pool.query("select 1");
      if (attempt > 1) log.info(`DATABASE_URL (${whereIs(url)}) 已连接`, { attempt });
      return;
    } catch (err) {
      const { message } = describeError(err);
      if (Date.now() + pause > until)
        throw new Error(`DATABASE_URL (${whereIs(url)}) 无法连接：${message}`, { cause: err });
      log.warn(`DATABASE_URL (${whereIs(url)}) 无法连接，${pause / 1000} 秒后重试`, { attempt, error: message });
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/** True when PostgreSQL cancelled a statement that ran past DATABASE_STATEMENT_TIMEOUT_MS. */
export function isStatementTimeout(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === "57014";
}

/** True when an insert or update broke a unique index, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * What the operator should hear about the database at start. PostgreSQL with autovacuum off keeps no visibility map
 * as the site grows, so every index-only read also reads the table: a work page took half again as long on the bench's
 * data (docs/benchmarks-log.md).
 */
export async function databaseWarnings(database: Database): Promise<string[]> {
  if (database.dialect !== "postgres") return [];
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(database.db);
  return autovacuumWarnings(rows[0]?.autovacuum);
}

export function autovacuumWarnings(setting: string | undefined): string[] {
  return setting === "off"
    ? [
        "PostgreSQL runs with autovacuum off: as the site grows its reads slow down (turn autovacuum on, or run VACUUM ANALYZE every night)",
      ]
    : [];
}
