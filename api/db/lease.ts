import { sql } from "kysely";
import { openDatabase, type Database } from "./index.ts";
import { silentLogger } from "../../contract/shared/log.ts";

/** What processes starting together take turns at. Numbers, because they are PostgreSQL advisory lock keys too. */
export const Lease = { migrate: 1, seed: 2 } as const;

const STALE_MS = 30 * 60_000;
// Kept apart from Kysely's own migration lock key and from anything an operator might lock in the same database.
const ADVISORY_BASE = 0x79_69_73_68_00; // "yish"

/**
 * Runs `work` while no other process sharing the database runs work under the same lease; the others wait, then
 * run theirs (which should find nothing left to do).
 *
 * - PostgreSQL: a session advisory lock on a connection of its own, so `work` may use the whole pool (even a pool
 *   of one) and a process that dies lets go with its connection, on any machine.
 * - SQLite: a lease row holding the process id. All processes on one SQLite file share a machine, so a lease whose
 *   process has died is taken over, as is one half an hour old. A row, not an open transaction, because `work` may
 *   hold transactions of its own.
 */
export async function oneProcessAtATime<T>(
  database: Pick<Database, "db" | "dialect" | "url">,
  lease: number,
  work: () => Promise<T>,
): Promise<T> {
  if (database.dialect === "postgres") {
    if (!database.url) return work();
    const own = await openDatabase(database.url, silentLogger, { poolMax: 1, statementTimeoutMs: 0 });
    try {
      await sql`select pg_advisory_lock(${ADVISORY_BASE + lease})`.execute(own.db);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${ADVISORY_BASE + lease})`.execute(own.db);
      }
    } finally {
      await own.close();
    }
  }
  const db = database.db;
  await sql`create table if not exists yishe_migration_lease (id integer primary key, pid integer not null, at bigint not null)`.execute(
    db,
  );
  for (;;) {
    const mine = await db.transaction().execute(async (trx) => {
      // A write first: the transaction holds the file's write lock before it reads the lease.
      await sql`delete from yishe_migration_lease where at < ${Date.now() - STALE_MS}`.execute(trx);
      const { rows } = await sql<{
        pid: number;
      }>`select pid from yishe_migration_lease where id = ${lease}`.execute(trx);
      if (rows[0] && rows[0].pid !== process.pid && processAlive(rows[0].pid)) return false;
      await sql`insert or replace into yishe_migration_lease (id, pid, at) values (${lease}, ${process.pid}, ${Date.now()})`.execute(
        trx,
      );
      return true;
    });
    if (mine) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await work();
  } finally {
    await sql`delete from yishe_migration_lease where id = ${lease} and pid = ${process.pid}`.execute(db);
  }
}

/** Whether a process of this machine is still there. */
export function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
