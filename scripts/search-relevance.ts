/**
 * `npm run search:relevance`: the relevance set (api/search-set) on each engine: recall@10, precision@10 and the
 * near-miss rate per kind of query, then whether both engines give each query the same first ten in the same
 * order. SQLite runs in memory; PostgreSQL in a database of its own on SET_PG_URL's server (default the local one),
 * dropped afterwards. `--all` also lists every query's first ten.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import {
  createDeps,
  openDatabase,
  migrateToLatest,
  figures,
  kinds,
  runSet,
  type QueryOutcome,
} from "../api/test/kit.ts";

const server = process.env.SET_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const now = () => Date.UTC(2026, 10, 1);

async function onEngine(url: string): Promise<QueryOutcome[]> {
  const database = await openDatabase(url);
  try {
    await migrateToLatest(database);
    return await runSet(createDeps({ db: database.db, dialect: database.dialect, now }));
  } finally {
    await database.close();
  }
}

async function onPostgres(): Promise<QueryOutcome[] | null> {
  const name = `yishe_set_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`create database ${name}`);
  try {
    return await onEngine(Object.assign(new URL(server), { pathname: `/${name}` }).toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const f = (x: number) => x.toFixed(2);
function print(engine: string, outcomes: QueryOutcome[]) {
  console.log(`\n${engine}: ${outcomes.length} queries\n`);
  console.log("| kind | queries | recall@10 | precision@10 | near-miss rate |\n|---|---:|---:|---:|---:|");
  for (const kind of [...kinds, "all"] as const) {
    const k = figures(outcomes, kind);
    console.log(`| ${kind} | ${k.queries} | ${f(k.recall)} | ${f(k.precision)} | ${f(k.nearMiss)} |`);
  }
  for (const o of outcomes)
    if (process.argv.includes("--all") || o.recall < 1 || o.precision < 1 || o.nearMissInTop)
      console.log(`  ${o.kind} ${o.keyword}: recall ${f(o.recall)}, precision ${f(o.precision)} → ${o.top.join(", ")}`);
}

const sqlite = await onEngine("sqlite::memory:");
print("SQLite", sqlite);
const postgres = await onPostgres();
if (!postgres) console.log(`\nPostgreSQL: no server at ${server}`);
else {
  print("PostgreSQL", postgres);
  const differ = sqlite.filter((o, i) => o.top.join() !== postgres[i].top.join());
  console.log(
    `\nsame first ten in the same order on both engines: ${sqlite.length - differ.length} of ${sqlite.length}`,
  );
  for (const o of differ) console.log(`  ${o.keyword}`);
}
