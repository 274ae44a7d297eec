import { sql, type Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import { openDatabase, type Database } from "./index.ts";
import { silentLogger } from "../../contract/shared/log.ts";
import { oneProcessAtATime, Lease } from "./lease.ts";
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
import * as m0012 from "./migrations/0012_trust.ts";
import * as m0013 from "./migrations/0013_rights.ts";
import * as m0014 from "./migrations/0014_ai.ts";
import * as m0015 from "./migrations/0015_watermark.ts";
import * as m0016 from "./migrations/0016_cover_focus.ts";
import * as m0017 from "./migrations/0017_drafts.ts";
import * as m0018 from "./migrations/0018_series.ts";
import * as m0019 from "./migrations/0019_portfolio.ts";
import * as m0020 from "./migrations/0020_comment_likes.ts";
import * as m0021 from "./migrations/0021_scheduled.ts";
import * as m0022 from "./migrations/0022_favorite_folders.ts";
import * as m0023 from "./migrations/0023_charts.ts";
import * as m0024 from "./migrations/0024_search_words.ts";
import * as m0025 from "./migrations/0025_likes_received.ts";
import * as m0026 from "./migrations/0026_fourth_review.ts";
import * as m0027 from "./migrations/0027_processes.ts";
import * as m0028 from "./migrations/0028_jobs.ts";
import * as m0029 from "./migrations/0029_access_tokens.ts";
import * as m0030 from "./migrations/0030_webhooks.ts";
import * as m0031 from "./migrations/0031_originals.ts";
import * as m0032 from "./migrations/0032_curation.ts";
import * as m0033 from "./migrations/0033_commissions.ts";
import * as m0034 from "./migrations/0034_push.ts";

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
  "0012_trust": m0012,
  "0013_rights": m0013,
  "0014_ai": m0014,
  "0015_watermark": m0015,
  "0016_cover_focus": m0016,
  "0017_drafts": m0017,
  "0018_series": m0018,
  "0019_portfolio": m0019,
  "0020_comment_likes": m0020,
  "0021_scheduled": m0021,
  "0022_favorite_folders": m0022,
  "0023_charts": m0023,
  "0024_search_words": m0024,
  "0025_likes_received": m0025,
  "0026_fourth_review": m0026,
  "0027_processes": m0027,
  "0028_jobs": m0028,
  "0029_access_tokens": m0029,
  "0030_webhooks": m0030,
  "0031_originals": m0031,
  "0032_curation": m0032,
  "0033_commissions": m0033,
  "0034_push": m0034,
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
  // SQLite: Kysely takes no lock there, so two processes starting on one file each created the tables.
  const { error, results } =
    database.dialect === "sqlite" ? await oneProcessAtATime(database, Lease.migrate, run) : await run();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * The migrations this build knows that the database has not run (a readiness probe's question: a process whose
 * schema is behind its code is not ready). Read from Kysely's own table; all of them on a database never migrated.
 */
export async function pendingMigrations(database: Pick<Database, "db">): Promise<string[]> {
  let done: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    done = new Set(rows.map((r) => r.name));
  } catch {
    done = new Set();
  }
  return Object.keys(steps).filter((name) => !done.has(name));
}
