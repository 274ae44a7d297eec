/**
 * `npm run bench:search`: search latency over a big corpus on each engine. Seeds (once) the demo, 5,000 members and
 * BENCH_WORKS works (default 1,000,000) written from the demo's sentences, then runs a fixed mix of queries through
 * the search service — common and rare words, phrases, single characters, latin, traditional, filters, deep pages —
 * and prints p50/p95/max. A benchmark, not a test. BENCH_ENGINES (default "sqlite,postgres") picks the engines;
 * the SQLite file lives in BENCH_DATA_DIR (default ./data/bench-search) and the PostgreSQL database is BENCH_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/yishe_bench_search, created when missing), both kept for the next run.
 */
import path from "node:path";
import pg from "pg";
import {
  createDeps,
  openDatabase,
  type Database,
  migrateToLatest,
  seedIfEmpty,
  seedPeople,
  searchArt,
  type SearchInput,
  catchUpSearch,
} from "../api/test/kit.ts";
import { silentLogger } from "../contract/shared/log.ts";
import { seedBig } from "../api/test/seed-big.ts";

const works = process.env.BENCH_WORKS === undefined ? 1_000_000 : Number(process.env.BENCH_WORKS);
const engines = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const dataDir = process.env.BENCH_DATA_DIR || path.resolve("data/bench-search");
const pgUrl = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/yishe_bench_search";
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;

/** What people type: from the word in every other work to words in none, with and without filters. */
const queries: (Partial<SearchInput> & { keyword: string })[] = [
  { keyword: "的" },
  { keyword: "练习" },
  { keyword: "水彩" },
  { keyword: "胶片 暗房" },
  { keyword: "猫" },
  { keyword: "Blender" },
  { keyword: "blend" },
  { keyword: "國畫" },
  { keyword: "插画 练习" },
  { keyword: "雨夜的便利店" },
  { keyword: "二十四节气" },
  { keyword: "字体设计" },
  { keyword: "陶艺工作室" },
  { keyword: "青田石" },
  { keyword: "清华大学" },
  { keyword: "xyzzy" },
  { keyword: "摄影", timeRange: 2 },
  { keyword: "水彩", nodeId: 1 },
  { keyword: "开源", type: 2 },
  { keyword: "练习", page: 10 },
];

async function open(engine: string): Promise<Database> {
  if (engine === "sqlite") return openDatabase(`sqlite:${path.join(dataDir, "site.db")}`);
  const url = new URL(pgUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(pgUrl), { pathname: "/postgres" }).toString(),
  });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, "")}"`);
  await admin.end();
  // Seeding and indexing a million works run statements longer than a request's time limit.
  return openDatabase(pgUrl, silentLogger, { poolMax: 4, statementTimeoutMs: 0 });
}

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

for (const engine of engines) {
  const database = await open(engine);
  await migrateToLatest(database);
  // A corpus seeded by an older version: its index is written again, as a server's first start would.
  await catchUpSearch(database.db, database.dialect, (m) => console.log(`${engine}: ${m}`));
  const deps = createDeps({
    db: database.db,
    dialect: database.dialect,
    log: silentLogger,
    uploadsDir: path.join(dataDir, "uploads"),
  });
  if (
    await seedIfEmpty(deps, {
      demo: true,
      ownerUsername: null,
      ownerPassword: null,
      announce: () => {},
    })
  ) {
    const started = performance.now();
    await seedPeople(database.db, 5_000, Date.now());
    await seedBig(database, works);
    console.log(
      `${engine}: seeded ${works} works (and indexed them) in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
  const all: number[] = [];
  const rows: string[] = [];
  for (const q of queries) {
    const input: SearchInput = { timeRange: 0, page: 1, ...q };
    const result = await searchArt(deps, input); // warm
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await searchArt(deps, input);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    const filters = [
      q.nodeId && `node ${q.nodeId}`,
      q.type !== undefined && `kind ${q.type}`,
      q.timeRange && `range ${q.timeRange}`,
      q.page && `page ${q.page}`,
    ]
      .filter(Boolean)
      .join(", ");
    rows.push(
      `| ${q.keyword}${filters ? ` (${filters})` : ""} | ${result.total} | ${quantile(times, 0.5).toFixed(1)} |`,
    );
  }
  all.sort((a, b) => a - b);
  const total = Number(
    (
      await database.db
        .selectFrom("works")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `\n${engine}: ${total} works, ${queries.length} queries × ${ROUNDS} rounds, Node ${process.versions.node}`,
  );
  console.log(
    `all queries: p50 ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms, max ${all[all.length - 1].toFixed(1)} ms\n`,
  );
  console.log("| keyword | matches | p50 ms |\n|---|---:|---:|");
  console.log(rows.join("\n"));
  await database.close();
}
