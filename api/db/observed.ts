import type { DatabaseConnection } from "kysely";
import { dbDuration, statementKind } from "../lib/metrics.ts";
import { pastSpan, tracingOn } from "../lib/telemetry.ts";

/**
 * Each SQL statement's time into `db_statement_duration_seconds`, and a span of the request's trace when tracing is
 * on (the statement's text without its values: those may be anyone's data). Timed where each engine runs a statement
 * (below) rather than through Kysely's `log` option, whose wrapper adds three awaits to every statement: on SQLite,
 * whose statements run without waiting, that was a measurable share of a rendered page.
 */
export function statementDone(system: "sqlite" | "postgresql", sql: string, ms: number, error?: unknown) {
  const kind = statementKind(sql);
  dbDuration.observe({ kind, outcome: error ? "error" : "ok" }, ms / 1000);
  if (tracingOn()) pastSpan(`db ${kind}`, { "db.system.name": system, "db.query.text": sql.slice(0, 2000) }, ms, error);
}

const timed = new WeakSet<DatabaseConnection>();

/** SQLite runs a statement inside the call that asks for it: the time around the call is the statement's. */
export function timeSqlite(connection: DatabaseConnection): DatabaseConnection {
  if (timed.has(connection)) return connection;
  timed.add(connection);
  const run = connection.executeQuery.bind(connection);
  connection.executeQuery = ((query) => {
    const started = performance.now();
    const result = run(query);
    const ms = performance.now() - started;
    result.then(
      () => statementDone("sqlite", query.sql, ms),
      (err: unknown) => statementDone("sqlite", query.sql, ms, err),
    );
    return result;
  }) as DatabaseConnection["executeQuery"];
  return connection;
}

/** PostgreSQL answers later: the time is to the answer, counted beside the caller's wait, not in it. */
export function timePostgres<T>(sql: string, result: Promise<T>): Promise<T> {
  const started = performance.now();
  result.then(
    () => statementDone("postgresql", sql, performance.now() - started),
    (err: unknown) => statementDone("postgresql", sql, performance.now() - started, err),
  );
  return result;
}
