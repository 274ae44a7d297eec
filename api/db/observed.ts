import type { LogEvent } from "kysely";
import { dbDuration, statementKind } from "../lib/metrics.ts";
import { pastSpan, tracingOn } from "../lib/telemetry.ts";

/**
 * Kysely's hook after each statement: its time into `db_statement_duration_seconds`, and a span of the request's
 * trace when tracing is on (the statement's text without its values: those may be anyone's data).
 */
export function observeStatements(system: "sqlite" | "postgresql") {
  return (event: LogEvent) => {
    const kind = statementKind(event.query.sql);
    const failed = event.level === "error";
    dbDuration.observe({ kind, outcome: failed ? "error" : "ok" }, event.queryDurationMillis / 1000);
    if (tracingOn())
      pastSpan(
        `db ${kind}`,
        { "db.system.name": system, "db.query.text": event.query.sql.slice(0, 2000) },
        event.queryDurationMillis,
        failed ? event.error : undefined,
      );
  };
}
