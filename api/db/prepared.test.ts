import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUser, insertWork, startApi, type TestApi } from "../test/harness.ts";
import { prepared } from "./prepared.ts";
import { markedWorkIds } from "./queries/interactions.ts";
import { listWorks } from "./queries/works.ts";

let t: TestApi;
beforeEach(async () => (t = await startApi()));
afterEach(async () => t.close());

describe("a prepared query", () => {
  it("answers as the query built each time would, with each call's values, building it once per database", async () => {
    const ids = [];
    for (const name of ["alpha", "beta", "gamma", "delta"]) ids.push(await insertUser(t, name));
    let builds = 0;
    const after = prepared((db, v: { min: number; limit: number; name: string }) => {
      builds++;
      return db
        .selectFrom("users")
        .select(["id", "username"])
        .where("id", ">", v.min)
        .where("username", "!=", v.name)
        .orderBy("id")
        .limit(v.limit);
    });
    const direct = (min: number, limit: number, name: string) =>
      t.db
        .selectFrom("users")
        .select(["id", "username"])
        .where("id", ">", min)
        .where("username", "!=", name)
        .orderBy("id")
        .limit(limit)
        .execute();
    for (const [min, limit, name] of [
      [ids[0], 2, "gamma"],
      [ids[1], 1, "alpha"],
      [0, 10, "delta"],
      [ids[3], 5, "beta"],
    ] as const) {
      const rows = await after(t.db, { min, limit, name });
      expect(rows).toEqual(await direct(min, limit, name));
    }
    expect(await after(t.db, { min: ids[0], limit: 2, name: "gamma" })).toEqual([
      { id: ids[1], username: "beta" },
      { id: ids[3], username: "delta" },
    ]);
    expect(builds).toBe(1);

    // Another database gets its own (the other engine's SQL, in the API suite on PostgreSQL).
    const other = await startApi();
    try {
      await insertUser(other, "epsilon");
      expect((await after(other.db, { min: 0, limit: 10, name: "x" })).map((r) => r.username)).toContain("epsilon");
      expect(builds).toBe(2);
      expect((await after(t.db, { min: 0, limit: 10, name: "x" })).map((r) => r.username)).not.toContain("epsilon");
      expect(builds).toBe(2);
    } finally {
      await other.close();
    }
  });

  it("is built again for each shape its key names, and only once for each", async () => {
    let builds = 0;
    const among = prepared(
      (db, v: Record<string, number>) => {
        builds++;
        const ids = Object.keys(v).map((k) => v[k]);
        return db.selectFrom("users").select("id").where("id", "in", ids).orderBy("id");
      },
      (v) => String(Object.keys(v).length),
    );
    const [a, b, c] = [await insertUser(t, "alpha"), await insertUser(t, "beta"), await insertUser(t, "gamma")];
    expect(await among(t.db, { x: a })).toEqual([{ id: a }]);
    expect(await among(t.db, { x: c, y: a })).toEqual([{ id: a }, { id: c }]);
    expect(await among(t.db, { x: b })).toEqual([{ id: b }]);
    expect(await among(t.db, { x: b, y: c })).toEqual([{ id: b }, { id: c }]);
    expect(builds).toBe(2);
  });

  it("refuses a builder that computes with a value, which would bake one call's value into every call", async () => {
    const plusOne = prepared((db, v: { limit: number }) =>
      db
        .selectFrom("users")
        .select("id")
        .limit(v.limit + 1),
    );
    await expect(plusOne(t.db, { limit: 2 })).rejects.toThrow(/used the value of "limit"/);
  });

  it("pages works as before, from the start and after a cursor (listWorks)", async () => {
    const author = await insertUser(t, "alpha");
    const works = [];
    for (let i = 0; i < 5; i++) works.push(await insertWork(t, { userId: author }));
    const first = await listWorks(t.db, { order: "created", userId: author, limit: 2 });
    expect(first.map((w) => w.id)).toEqual(works.slice(2).reverse());
    const last = first[1];
    const next = await listWorks(t.db, {
      order: "created",
      userId: author,
      limit: 2,
      after: { key: last.created_at, id: last.id },
    });
    expect(next.map((w) => w.id)).toEqual([works[2], works[1], works[0]]);
    expect(await listWorks(t.db, { order: "created", userId: author + 1000, limit: 2 })).toEqual([]);
  });

  it("serves a page's likes for lists of any length (markedWorkIds)", async () => {
    const me = await insertUser(t, "alpha");
    const author = await insertUser(t, "beta");
    const works = [];
    for (let i = 0; i < 5; i++) works.push(await insertWork(t, { userId: author }));
    await t.db
      .insertInto("likes")
      .values([works[1], works[3]].map((w) => ({ user_id: me, work_id: w, created_at: t.now() })))
      .execute();
    expect(await markedWorkIds(t.db, "likes", me, works)).toEqual(new Set([works[1], works[3]]));
    expect(await markedWorkIds(t.db, "likes", me, [works[3]])).toEqual(new Set([works[3]]));
    expect(await markedWorkIds(t.db, "likes", me, [works[0], works[2]])).toEqual(new Set());
    expect(await markedWorkIds(t.db, "likes", author, works)).toEqual(new Set());
    expect(await markedWorkIds(t.db, "favorites", me, works)).toEqual(new Set());
  });
});
