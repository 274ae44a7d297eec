import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../app.ts";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { holdsWord, normalize } from "../lib/segment.ts";
import { engine, startApi, type TestApi } from "../test/harness.ts";
import { corpus, nearMisses, sparse } from "./corpus.ts";
import { queries } from "./queries.ts";
import { figures, kinds, runSet, type QueryOutcome } from "./run.ts";

/**
 * The relevance set on the engine under test (api/search-set; `npm run search:relevance` prints it for both). Every
 * kind of query must keep recall@10 and precision@10 at 0.95 or more, and near-misses out of the top ten of all but
 * a tenth of the queries built to catch them. On PostgreSQL the same set also runs on SQLite, and each query's first
 * ten must be the same works in the same order.
 */
let t: TestApi;
let outcomes: QueryOutcome[];
beforeAll(async () => {
  t = await startApi();
  outcomes = await runSet(t.deps);
}, 60_000);
afterAll(async () => t.close());

describe("the relevance set", () => {
  it("holds at least 40 queries across every kind, the near-miss words each with more than ten real works", () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    for (const kind of kinds) expect(queries.filter((q) => q.kind === kind).length).toBeGreaterThanOrEqual(4);
    for (const q of queries.filter((q) => q.nearMiss?.length && q.kind !== "sparse"))
      expect(q.relevant.length).toBeGreaterThan(10);
  });

  it("has near-misses that are only characters side by side, and real works that hold the word", () => {
    const byKey = new Map(corpus().map((w) => [w.key, w]));
    for (const word of Object.keys(nearMisses)) {
      for (const [i, phrase] of nearMisses[word].entries()) {
        expect(normalize(phrase)).toContain(word);
        expect(holdsWord(normalize(phrase), word), `${word}-near-${i}`).toBe(false);
      }
      for (let i = 0; i < 9; i++) {
        const w = byKey.get(`${word}-${i}`)!;
        expect(holdsWord(normalize(`${w.title} ${w.text}`), word), w.key).toBe(true);
      }
    }
    for (const [word, { real, near }] of Object.entries(sparse)) {
      for (const title of real) expect(holdsWord(normalize(title), word), title).toBe(true);
      for (const title of near) expect(holdsWord(normalize(title), word), title).toBe(false);
    }
  });

  it(`keeps recall@10 and precision@10 at 0.95 and near-misses under 0.1 on ${engine}`, () => {
    for (const kind of [...kinds, "all"] as const) {
      const k = figures(outcomes, kind);
      expect(k.recall, `${kind} recall@10`).toBeGreaterThanOrEqual(0.95);
      expect(k.precision, `${kind} precision@10`).toBeGreaterThanOrEqual(0.95);
      expect(k.nearMiss, `${kind} near-miss rate`).toBeLessThanOrEqual(0.1);
    }
    // Each query's own misses, named, so a change that loses one says which.
    const wrong = outcomes.filter((o) => o.recall < 1 || o.nearMissInTop).map((o) => `${o.keyword} → ${o.top}`);
    expect(wrong).toEqual([]);
  });

  it.runIf(engine === "postgres")("gives each query the same first ten, in the same order, on SQLite", async () => {
    const database = await openDatabase("sqlite::memory:");
    try {
      await migrateToLatest(database);
      const sqlite = await runSet(createDeps({ db: database.db, dialect: database.dialect, now: t.deps.now }));
      expect(sqlite.map((o) => [o.keyword, o.top])).toEqual(outcomes.map((o) => [o.keyword, o.top]));
    } finally {
      await database.close();
    }
  });
});
