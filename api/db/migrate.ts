import { sql, type Kysely } from "kysely";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import { openDatabase, type Database } from "./index.ts";
import { silentLogger } from "../../contract/log.ts";
import * as m0001 from "./migrations/0001_init.ts";
import * as m0002 from "./migrations/0002_interactions.ts";
import * as m0003 from "./migrations/0003_list_indexes.ts";
import * as m0004 from "./migrations/0004_identity_limits.ts";
import * as m0005 from "./migrations/0005_people.ts";
import * as m0006 from "./migrations/0006_messages.ts";
import * as m0007 from "./migrations/0007_recommend.ts";
import * as m0008 from "./migrations/0008_sitemap.ts";
import * as m0009 from "./migrations/0009_search.ts";
import * as m0010 from "./migrations/0010_signin.ts";
import * as m0011 from "./migrations/0011_admin.ts";

type Step = { up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> };

// Listed here, not read from disk, so migrations run the same under Node, Vitest and a bundle.
const steps: Record<string, Step> = {
  "0001_init": m0001,
  "0002_interactions": m0002,
  "0003_list_indexes": m0003,
  "0004_identity_limits": m0004,
  "0005_people": m0005,
  "0006_messages": m0006,
  "0007_recommend": m0007,
  "0008_sitemap": m0008,
  "0009_search": m0009,
  "0010_signin": m0010,
  "0011_admin": m0011,
};

/** Brings the schema up to date (or up to `target`, for tests of a migration); safe to call at every start. */
export async function migrateToLatest(
  database: Pick<Database, "db" | "dialect" | "url">,
  target?: keyof typeof steps,
): Promise<string[]> {
  // PostgreSQL: on a connection of its own with no statement time limit. Building an index over a large table,
  // or waiting for another process's migration, may take longer than any request should.
  if (database.dialect === "postgres" && database.url) {
    const own = await openDatabase(database.url, silentLogger, { poolMax: 1, statementTimeoutMs: 0 });
    try {
      return await migrateToLatest({ db: own.db, dialect: own.dialect }, target);
    } finally {
      await own.close();
    }
  }
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(steps)) {
    migrations[name] = { up: (db) => step.up(db, database.dialect) };
  }
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const run = () => (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  // PostgreSQL: Kysely holds an advisory lock while it migrates, so processes starting together take turns.
  const { error, results } = database.dialect === "sqlite" ? await withLease(database.db, run) : await run();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

const STALE_MS = 30 * 60_000;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * SQLite: Kysely takes no lock there, so two processes starting on one file each created the tables. The first to
 * write its process id in a lease row migrates; the others wait until the row is gone, then find nothing to do. A
 * lease whose process has died (all processes on one SQLite file share a machine) or that is half an hour old is
 * taken over. The lease is a row, not an open transaction, because some steps hold transactions of their own.
 */
async function withLease(db: Database["db"], run: () => Promise<MigrationResultSet>) {
  await sql`create table if not exists yishe_migration_lease (id integer primary key, pid integer not null, at bigint not null)`.execute(
    db,
  );
  for (;;) {
    const mine = await db.transaction().execute(async (trx) => {
      // A write first: the transaction holds the file's write lock before it reads the lease.
      await sql`delete from yishe_migration_lease where at < ${Date.now() - STALE_MS}`.execute(trx);
      const { rows } = await sql<{ pid: number }>`select pid from yishe_migration_lease where id = 1`.execute(trx);
      if (rows[0] && rows[0].pid !== process.pid && alive(rows[0].pid)) return false;
      await sql`insert or replace into yishe_migration_lease (id, pid, at) values (1, ${process.pid}, ${Date.now()})`.execute(
        trx,
      );
      return true;
    });
    if (mine) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await run();
  } finally {
    await sql`delete from yishe_migration_lease where id = 1 and pid = ${process.pid}`.execute(db);
  }
}
