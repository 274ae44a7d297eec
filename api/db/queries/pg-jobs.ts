import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";

/**
 * Reads of pg-boss's job table for the admin page: counts by state and the failed jobs, exact and at once (pg-boss's
 * own queue counts are refreshed by its monitor, a minute behind). Its writes stay pg-boss's own.
 */
export const PGBOSS_SCHEMA = "pgboss";

export async function countPgJobs(db: Kysely<DB>) {
  const { rows } = await sql<{ name: string; state: string; n: string }>`
    select name, state::text as state, count(*) as n from ${sql.table(`${PGBOSS_SCHEMA}.job`)} group by 1, 2`.execute(
    db,
  );
  return rows;
}

export async function failedPgJobs(db: Kysely<DB>, limit: number) {
  const { rows } = await sql<{
    id: string;
    name: string;
    output: unknown;
    retry_count: number;
    created_on: Date;
    completed_on: Date | null;
  }>`select id::text as id, name, output, retry_count, created_on, completed_on
     from ${sql.table(`${PGBOSS_SCHEMA}.job`)} where state = 'failed'
     order by completed_on desc nulls last limit ${limit}`.execute(db);
  return rows;
}
