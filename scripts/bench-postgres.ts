/**
 * The PostgreSQL database of `npm run bench` (BENCH_PG_URL, default yishe_bench on the local server; kept between
 * runs as bench:search's is): seeded once with the same demo, members and works as the SQLite one, so the rendered
 * rows can be measured on both engines. Vacuumed and analyzed before every run, as autovacuum would have.
 */
import { sql } from "kysely";
import pg from "pg";
import { createDeps, openDatabase, migrateToLatest, seedIfEmpty, seedPeople } from "../api/test/kit.ts";
import { silentLogger } from "../contract/shared/log.ts";
import { benchOwner } from "./bench-admin.ts";
import { seedBig } from "../api/test/seed-big.ts";

/** The database ready to serve, its last work id and first node; null when no PostgreSQL answers there. */
export async function benchPostgres(url: string, uploadsDir: string, people: number, works: number) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, "")}"`);
  await admin.end();
  // Seeding runs statements longer than a request's time limit.
  const database = await openDatabase(url, silentLogger, { poolMax: 4, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    const deps = createDeps({ db: database.db, dialect: database.dialect, log: silentLogger, uploadsDir });
    const seeded = await seedIfEmpty(deps, {
      demo: true,
      ownerUsername: benchOwner.username,
      ownerPassword: benchOwner.password,
      announce: () => {},
    });
    if (seeded) {
      const started = performance.now();
      await seedPeople(database.db, people, Date.now());
      if (works > 0) await seedBig(database, works);
      console.log(
        `PostgreSQL: seeded ${people} members and ${works} works in ${Math.round(performance.now() - started)} ms`,
      );
    }
    // A site's autovacuum keeps the visibility map current as it grows; a table filled in one go has none until a
    // vacuum runs, and some servers (this machine's) run with autovacuum off. Without it every index-only read
    // (an author's total likes, from works_user_likes) also read the table's rows (docs/benchmarks-log.md).
    await sql`vacuum analyze`.execute(database.db);
    const last = await database.db
      .selectFrom("works")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const node = await database.db
      .selectFrom("nodes")
      .select("id")
      .orderBy("sort_no")
      .limit(1)
      .executeTakeFirstOrThrow();
    return { lastId: Number(last?.id ?? 1), nodeId: node.id };
  } finally {
    await database.close();
  }
}
