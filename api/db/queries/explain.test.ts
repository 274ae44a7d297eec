import { sql, type Compilable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyDatabaseUrl, engine } from "../../test/harness.ts";
import { openDatabase, type Database } from "../index.ts";
import { migrateToLatest } from "../migrate.ts";
import { cardQuery, pageOf, type WorkListQuery } from "./works.ts";
import { habitNodesQuery } from "./habits.ts";
import { chartQuery } from "./charts.ts";

// The main listings at a million works on PostgreSQL (100,000 on SQLite, where seeding is slower): each reads its
// page as a range of an index, never the whole table, and never sorts.
const WORKS = engine === "postgres" ? 1_000_000 : 100_000;
let database: Database;
let drop: () => Promise<void>;

describe(`the work lists at ${WORKS.toLocaleString("en")} works on ${engine}`, () => {
  beforeAll(async () => {
    const empty = await emptyDatabaseUrl();
    drop = empty.drop;
    // Seeding a million rows takes longer than the time limit a request gets.
    database = await openDatabase(empty.url, undefined, { poolMax: 2, statementTimeoutMs: 0 });
    await migrateToLatest(database);
    const db = database.db;
    const now = Date.UTC(2026, 10, 1);
    const series = (n: number) =>
      engine === "postgres"
        ? sql`generate_series(1, ${sql.lit(n)}) as s(i)`
        : sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(n)}) select i from s) as s`;
    await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at)
      select 'u' || i, '画友' || i, 'u' || i, 'x', ${now}, ${now} from ${series(2000)}`.execute(db);
    await sql`insert into nodes (name, description, sort_no, created_at)
      select '节点' || i, '', i, ${now} from ${series(20)}`.execute(db);
    const big = engine === "postgres" ? sql`::bigint` : sql``;
    await sql`insert into works (type, user_id, node_id, title, status, score, created_at, updated_at)
      select 1 + i % 5, 1 + i % 2000, 1 + i % 20, '作品' || i, case when i % 50 = 0 then 1 else 0 end,
        (i${big} * 7919) % 100000, ${now}${big} - i${big} * 1000, ${now}${big} - i${big} * 1000
      from ${series(WORKS)}`.execute(db);
    // Every work on one month's chart, and a thirtieth of them on one day's.
    await sql`insert into chart_tallies (period, start, work_id, node_id, score)
      select 'month', 20000, i, 1 + i % 20, (i${big} * 7919) % 1000 from ${series(WORKS)}`.execute(db);
    await sql`insert into chart_tallies (period, start, work_id, node_id, score)
      select 'day', 20010, i, 1 + i % 20, (i${big} * 7919) % 100 from ${series(WORKS)} where i % 30 = 0`.execute(db);
    await sql`analyze`.execute(db);
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** What reads the works table and whether anything is sorted, from either engine's plan. */
  async function plan(query: Compilable): Promise<{ works: string[]; sorts: boolean; tallies: string[] }> {
    const compiled = query.compile();
    if (engine === "sqlite") {
      const { rows } = await database.db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
      });
      const details = rows.map((r) => r.detail);
      return {
        works: details.filter((d) => /^(SCAN|SEARCH) (w|works)\b/.test(d)),
        sorts: details.some((d) => d.includes("TEMP B-TREE")),
        tallies: details.filter((d) => /^(SCAN|SEARCH) t\b/.test(d)),
      };
    }
    const { rows } = await database.db.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>({
      ...compiled,
      sql: `explain (format json) ${compiled.sql}`,
    });
    const nodes = nodesOf(rows[0]["QUERY PLAN"][0].Plan);
    return {
      works: nodes.filter((n) => n["Relation Name"] === "works").map((n) => String(n["Node Type"])),
      sorts: nodes.some((n) => n["Node Type"] === "Sort"),
      tallies: nodes.filter((n) => n["Relation Name"] === "chart_tallies").map((n) => String(n["Node Type"])),
    };
  }

  const page = (q: Partial<WorkListQuery>) => pageOf(cardQuery(database.db), { order: "created", limit: 21, ...q });
  it.each([
    ["newest", {}],
    ["recommended (by score)", { order: "score" as const }],
    ["a node's newest", { nodeId: 7 }],
    ["a node's, past its pinned works", { nodeId: 7, unpinned: true }],
    ["a kind's newest", { type: 3 }],
    ["an author's works", { userId: 42 }],
    ["a later page (keyset)", { after: { key: Date.UTC(2026, 9, 1), id: 500_000 } }],
    ["a node's later page", { nodeId: 7, after: { key: Date.UTC(2026, 9, 1), id: 500_000 } }],
  ])("%s reads a range of an index, not the whole table", async (_name, q) => {
    const { works, sorts } = await plan(page(q));
    expect(works.length).toBeGreaterThan(0);
    if (engine === "postgres") expect(works).not.toContain("Seq Scan");
    // SQLite: a search on the index by more than the status, never a scan (a later page must use its cursor).
    else
      for (const w of works)
        expect(w).toMatch(engine === "sqlite" && "after" in q ? /^SEARCH w .*<\?\)$/ : /^SEARCH w /);
    expect(sorts).toBe(false);
  });

  it.each([
    ["a month's chart of every node", "month", 20000, null],
    ["a node's month", "month", 20000, 7],
    ["a day's chart", "day", 20010, null],
  ])(
    "%s is the top of a range of the tallies' index: no sort, each work by its key",
    async (_name, period, start, nodeId) => {
      const { works, sorts, tallies } = await plan(chartQuery(database.db, { period, start, nodeId, limit: 50 }));
      expect(works.length).toBeGreaterThan(0);
      expect(tallies.length).toBeGreaterThan(0);
      if (engine === "postgres") {
        expect(works).not.toContain("Seq Scan");
        expect(tallies).not.toContain("Seq Scan");
      } else {
        for (const t of tallies) expect(t).toMatch(/^SEARCH t USING (COVERING )?INDEX chart_tallies_(node_)?rank/);
        for (const w of works) expect(w).toMatch(/^SEARCH w USING INTEGER PRIMARY KEY/);
      }
      expect(sorts).toBe(false);
    },
  );

  it("the nodes a member publishes in or likes are read by index, not by scanning the works", async () => {
    const { works } = await plan(habitNodesQuery(database.db, 42));
    // The works are in the plan at all: a plan that never names them would pass every check below.
    expect(works.length).toBeGreaterThan(0);
    if (engine === "postgres") expect(works).not.toContain("Seq Scan");
    else for (const w of works) expect(w).toMatch(/^SEARCH (w|works)\b/);
  });
});

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
