import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { freshDatabase, insertNode, insertUser, insertWork, startApi, type TestApi } from "../../test/harness.ts";
import { migrateToLatest } from "../migrate.ts";
import { catchUpSearch, rebuildSearchIndex } from "../../services/search/search-index.ts";
import { queryTerms } from "../../lib/segment.ts";
import { countMatches, matchWorks, writeSearchDocs } from "./search.ts";
import { findPeople } from "./search-names.ts";

let t: TestApi;
let author: number;
beforeEach(async () => {
  t = await startApi();
  author = await insertUser(t, "writer");
});
afterEach(async () => t.close());

const matched = (keyword: string, ranked?: number, extra: { nodeId?: number; type?: number } = {}) =>
  matchWorks(t.db, t.deps.dialect, { terms: queryTerms(keyword), now: t.now(), ...extra }, 100, ranked);
const match = async (...args: Parameters<typeof matched>) => (await matched(...args)).rows;

describe("matchWorks beyond the ranked matches", () => {
  it("ranks only the newest matches, a word in the title or tags above one in the text", async () => {
    const oldTitled = await insertWork(t, { userId: author, type: 0, title: "水彩入门", content: "x" });
    const inText = await insertWork(t, { userId: author, type: 1, content: "今天画了水彩" });
    const titled = await insertWork(t, { userId: author, type: 0, title: "水彩的晕染", content: "x" });
    const alsoText = await insertWork(t, { userId: author, type: 1, content: "水彩纸起皱了" });
    // All four when the matches are few…
    expect((await match("水彩")).map((c) => c.id).sort()).toEqual([oldTitled, inText, titled, alsoText].sort());
    // …the newest three when they are more than the ranked number, the titled one first.
    const newest = await match("水彩", 3);
    expect(newest.map((c) => c.id).sort()).toEqual([inText, titled, alsoText].sort());
    const best = [...newest].sort((a, b) => b.relevance - a.relevance);
    expect(best[0].id).toBe(titled);
    expect(best[1].relevance).toBeLessThan(best[0].relevance);
    // Not all of them: the count says how many.
    expect((await matched("水彩")).all).toBe(true);
    expect((await matched("水彩", 3)).all).toBe(false);
    expect(await countMatches(t.db, t.deps.dialect, { terms: queryTerms("水彩"), now: t.now() }, 100)).toBe(4);
    // Counting stops one past where it is told to: "more than two".
    expect(await countMatches(t.db, t.deps.dialect, { terms: queryTerms("水彩"), now: t.now() }, 2)).toBe(3);
    expect(await countMatches(t.db, t.deps.dialect, { terms: queryTerms("水彩"), now: t.now() }, 4)).toBe(4);
  });

  it("keeps the filters when ranking only the newest", async () => {
    const node = await insertNode(t, "插画");
    const filed = await insertWork(t, { userId: author, nodeId: node, type: 1, content: "雨夜" });
    for (let i = 0; i < 4; i++) await insertWork(t, { userId: author, content: "雨夜" });
    expect((await match("雨夜", 2, { nodeId: node })).map((c) => c.id)).toEqual([filed]);
    expect((await match("雨夜", 2, { type: 0 })).map((c) => c.id)).toEqual([]);
  });

  it("leaves out words without meaning when the keyword has others", () => {
    expect(queryTerms("雨夜的便利店").map((x) => x.word)).toEqual(["雨夜", "便利店"]);
    expect(queryTerms("的").map((x) => x.word)).toEqual(["的"]);
  });
});

describe("words and characters side by side", () => {
  const tier = (keyword: string, which: "strong" | "weak" | "any") =>
    matchWorks(t.db, t.deps.dialect, { terms: queryTerms(keyword), now: t.now(), tier: which }, 100);

  it("finds a word as a word (strong) apart from characters across two words (weak), and both together", async () => {
    const word = await insertWork(t, { userId: author, content: "周末学国画" });
    const near = await insertWork(t, { userId: author, title: "英国画家的一天" });
    const inside = await insertWork(t, { userId: author, content: "中国画的笔墨" });
    const ids = async (keyword: string, which: "strong" | "weak" | "any") =>
      (await tier(keyword, which)).rows.map((r) => r.id).sort();
    expect(await ids("国画", "strong")).toEqual([word, inside].sort());
    expect(await ids("国画", "weak")).toEqual([near]);
    expect(await ids("国画", "any")).toEqual([word, near, inside].sort());
    expect(await countMatches(t.db, t.deps.dialect, { terms: queryTerms("国画"), now: t.now() }, 100)).toBe(3);
    // One character has no weaker form: inside a word it is as found as alone.
    expect(await ids("画", "strong")).toEqual([word, near, inside].sort());
    expect(await ids("画", "weak")).toEqual([]);
  });

  it("weighs a term in the title 10, among tags, node and author 5, anywhere 1: the same figures on both engines", async () => {
    const node = await insertNode(t, "版画");
    const titled = await insertWork(t, { userId: author, title: "版画入门", content: "x" });
    const filed = await insertWork(t, { userId: author, nodeId: node, content: "x" });
    const mentioned = await insertWork(t, { userId: author, content: "木刻版画" });
    const near = await insertWork(t, { userId: author, title: "出版画册", content: "木刻版画" });
    const { rows } = await tier("版画", "strong");
    expect(new Map(rows.map((r) => [r.id, [r.relevance, r.titled]]))).toEqual(
      new Map([
        [titled, [11, 1]],
        [filed, [6, 0]],
        [mentioned, [1, 0]],
        // Its title holds the characters, not the word.
        [near, [1, 0]],
      ]),
    );
  });
});

describe("building the index", () => {
  it("writes the index again after migration 0024, so a title's characters across words are no longer a word", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      await migrateToLatest(database, "0023_charts");
      await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at) values ('qm', '青木', '青木', 'x', 0, 0)`.execute(
        database.db,
      );
      await sql`insert into works (type, user_id, title, content, created_at, updated_at) values (0, 1, '英国画家的一天', 'x', 0, 0)`.execute(
        database.db,
      );
      // A document as the old code wrote it: every dictionary word of the title, 国画 among them.
      const old = { title: ["英国", "国画", "画家", "一天"], meta: [], body: ["x"], chars: ["英", "国", "画", "家"] };
      const facts = { nodeId: null, type: 0, createdAt: 0, ai: 0 };
      await writeSearchDocs(database.db, database.dialect, [{ id: 1, doc: { ...old, facts } }]);
      const strong = () =>
        matchWorks(database.db, database.dialect, { terms: queryTerms("国画"), now: 0, tier: "strong" }, 10);
      expect((await strong()).rows).toHaveLength(1);
      await migrateToLatest(database);
      expect(await catchUpSearch(database.db, database.dialect)).toBe(1);
      expect((await strong()).rows).toHaveLength(0);
      const any = await matchWorks(database.db, database.dialect, { terms: queryTerms("国画"), now: 0 }, 10);
      expect(any.rows.map((r) => r.id)).toEqual([1]);
    } finally {
      await database.drop();
    }
  });

  it("fills the index of the works already there at the first start after the search migration, and keys nicknames", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      await migrateToLatest(database, "0008_sitemap");
      await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at) values ('qm', '青木畫室', '青木畫室', 'x', 0, 0)`.execute(
        database.db,
      );
      await sql`insert into works (type, user_id, title, content, created_at, updated_at) values (0, 1, '國畫入門', '工笔', 0, 0)`.execute(
        database.db,
      );
      await migrateToLatest(database);
      // The migration makes the index; the start after it writes the documents with today's segmenter.
      expect(await catchUpSearch(database.db, database.dialect)).toBe(1);
      expect(await catchUpSearch(database.db, database.dialect)).toBe(0);
      const found = await matchWorks(database.db, database.dialect, { terms: queryTerms("国画"), now: 0 }, 10);
      expect(found.rows.map((r) => r.id)).toEqual([1]);
      expect((await findPeople(database.db, ["画室"], 0, 10)).map((p) => p.username)).toEqual(["qm"]);
    } finally {
      await database.drop();
    }
  });

  it("rebuilds in place and drops the rows of works no longer live", async () => {
    const kept = await insertWork(t, { userId: author, content: "雨夜" });
    const gone = await insertWork(t, { userId: author, content: "雨夜" });
    await t.db.updateTable("works").set({ status: 1 }).where("id", "=", gone).execute();
    expect(await countMatches(t.db, t.deps.dialect, { terms: queryTerms("雨夜"), now: t.now() }, 100)).toBe(2);
    expect(await rebuildSearchIndex(t.db, t.deps.dialect)).toBe(1);
    expect(await countMatches(t.db, t.deps.dialect, { terms: queryTerms("雨夜"), now: t.now() }, 100)).toBe(1);
    expect((await match("雨夜")).map((c) => c.id)).toEqual([kept]);
  });
});
