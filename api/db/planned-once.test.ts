import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CompiledQuery, Kysely } from "kysely";
import { openDatabase, type Database } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";
import type { DB } from "./schema.ts";
import { findUserByTokenHash } from "./queries/tokens.ts";
import { cardQuery, pageOf } from "./queries/works.ts";

type Raw = import("better-sqlite3").Database;

/**
 * better-sqlite3 builds a row's shape with `Function(...)` each time SQLite hands it a statement compiled anew, so
 * counting those calls counts compilations.
 */
function countCompilations() {
  const original = globalThis.Function;
  let count = 0;
  const spy = vi.spyOn(globalThis, "Function").mockImplementation(function (...args: string[]) {
    if (/=> \(\{/.test(args.at(-1) ?? "")) count++;
    return original(...args);
  } as unknown as FunctionConstructor);
  return { count: () => count, restore: () => spy.mockRestore() };
}

function plan(raw: Raw, sql: string, parameters: readonly unknown[]) {
  return raw
    .prepare(`explain query plan ${sql}`)
    .all(...parameters)
    .map((r) => (r as { detail: string }).detail);
}

describe("SQLite statements are planned once", () => {
  let database: Database;
  let db: Kysely<DB>;
  let raw: Raw;
  beforeEach(async () => {
    database = await openDatabase("sqlite::memory:");
    await migrateToLatest(database);
    db = database.db;
    raw = (database.limitStore as { client: Raw }).client;
    const now = Date.now();
    for (let i = 1; i <= 12; i++) {
      const { id } = await db
        .insertInto("users")
        .values({
          username: `u${i}`,
          nickname: `画友${i}`,
          nickname_key: `k${i}`,
          password_hash: "x",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("user_tokens")
        .values({ token_hash: `h${i}`, user_id: id, created_at: now, expires_at: now + 1e6, client: "t", ip: "" })
        .execute();
    }
  });
  afterEach(() => database.close());

  it("writes every parameter as +?, which SQLite does not look into while planning", () => {
    const { sql, parameters } = db
      .selectFrom("users")
      .select("id")
      .where("id", "in", [1, 2])
      .where("nickname", "like", "%画%")
      .limit(5)
      .offset(1)
      .compile();
    expect(sql).toBe('select "id" from "users" where "id" in (+?, +?) and "nickname" like +? limit +? offset +?');
    expect(parameters).toEqual([1, 2, "%画%", 5, 1]);
  });

  it("runs a join with a limit many times on one compilation, with the right rows each time", async () => {
    const compilations = countCompilations();
    try {
      for (let i = 1; i <= 12; i++) {
        const row = await findUserByTokenHash(db, `h${i}`, Date.now());
        expect(row?.username).toBe(`u${i}`);
        const page = await pageOf(cardQuery(db), { order: "created", limit: i }).execute();
        expect(page).toEqual([]);
      }
      // Written `?`, the session lookup was compiled again on each of its 12 runs (the empty pages build no row).
      expect(compilations.count()).toBeLessThanOrEqual(2);
    } finally {
      compilations.restore();
    }
  });

  it("keeps the plan a bare ? gets, index for index", () => {
    const queries: CompiledQuery[] = [
      db
        .selectFrom("user_tokens as t")
        .innerJoin("users as u", "u.id", "t.user_id")
        .selectAll("u")
        .where("t.token_hash", "=", "h1")
        .where("t.expires_at", ">", 0)
        .compile(),
      pageOf(cardQuery(db), { order: "score", nodeId: 1, limit: 25 }).compile(),
      pageOf(cardQuery(db), { order: "created", followerId: 1, after: { key: 5, id: 5 }, limit: 25 }).compile(),
      db.selectFrom("likes").select("work_id").where("user_id", "=", 1).where("work_id", "in", [1, 2, 3]).compile(),
    ];
    for (const { sql, parameters } of queries) {
      const bare = sql.replaceAll("+?", "?");
      expect(bare).not.toContain("+");
      const ours = plan(raw, sql, parameters);
      expect(ours.some((step) => /USING (COVERING )?INDEX|PRIMARY KEY/.test(step))).toBe(true);
      expect(ours).toEqual(plan(raw, bare, parameters));
    }
  });
});
