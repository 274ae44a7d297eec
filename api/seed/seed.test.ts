import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, startApi, type TestApi } from "../test/harness.ts";
import { seedIfEmpty } from "./index.ts";
import * as api from "../../contract/endpoints.ts";

let t: TestApi;
const announced: string[] = [];
const count = (table: "users" | "works" | "nodes" | "likes" | "follows" | "tags" | "comments") => countRows(t, table);

beforeAll(async () => {
  t = await startApi();
  await seedIfEmpty(t.deps, {
    demo: true,
    ownerUsername: null,
    ownerPassword: null,
    announce: (m) => announced.push(m),
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("demo seed", () => {
  it("tells its history through the live rules: balances equal ledgers, notifications, and news for the owner", async () => {
    const users = await t.db.selectFrom("users").select(["id", "score", "roles"]).execute();
    const sums = await t.db
      .selectFrom("score_ledger")
      .select((eb) => ["user_id", eb.fn.sum<number>("delta").as("total")])
      .groupBy("user_id")
      .execute();
    const sumOf = new Map(sums.map((r) => [r.user_id, Number(r.total)]));
    for (const u of users) expect([u.id, u.score]).toEqual([u.id, sumOf.get(u.id) ?? 0]);
    expect(users.filter((u) => u.score > 0).length).toBeGreaterThan(10);
    expect(await countRows(t, "notifications")).toBeGreaterThan(100);
    expect(await countRows(t, "checkins")).toBeGreaterThan(10);
    const owner = users.find((u) => u.roles === "owner")!;
    const unread = await t.db
      .selectFrom("notifications")
      .select("kind")
      .where("user_id", "=", owner.id)
      .where("read_at", "=", 0)
      .execute();
    expect(unread.map((n) => n.kind)).toEqual(["follow", "follow"]);
    const chat = await t.db.selectFrom("conversations").selectAll().where("user_id", "=", owner.id).execute();
    expect(chat).toMatchObject([{ unread_count: 1 }]);
  });

  it("fills an empty site with nodes, people and works of all five kinds", async () => {
    expect(await count("nodes")).toBeGreaterThanOrEqual(8);
    expect(await count("users")).toBeGreaterThanOrEqual(16);
    expect(await count("works")).toBeGreaterThanOrEqual(80);
    const types = await t.db.selectFrom("works").select("type").distinct().execute();
    expect(types.map((r) => r.type).sort()).toEqual([0, 1, 2, 3, 4]);
    const withoutAvatar = await t.db.selectFrom("users").select("id").where("avatar", "=", "").execute();
    expect(withoutAvatar.length).toBeGreaterThan(0);
  });

  it("brings members into conversation: comments under others' works, and authors answering them", async () => {
    const comments = await t.db.selectFrom("comments").selectAll().execute();
    expect(comments.length).toBeGreaterThan(40);
    const works = new Map((await t.db.selectFrom("works").select(["id", "user_id"]).execute()).map((w) => [w.id, w]));
    const top = comments.filter((c) => c.parent_id === null);
    const replies = comments.filter((c) => c.parent_id !== null);
    expect(top.every((c) => c.user_id !== works.get(c.work_id)!.user_id)).toBe(true);
    expect(replies.length).toBeGreaterThan(5);
    expect(replies.every((c) => c.user_id === works.get(c.work_id)!.user_id)).toBe(true);
    const sum = await t.db
      .selectFrom("works")
      .select((eb) => eb.fn.sum<number>("comment_count").as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(sum.n)).toBe(comments.length);
  });

  it("keeps every counter equal to the facts it counts", async () => {
    const likes = await count("likes");
    expect(likes).toBeGreaterThan(100);
    const sum = await t.db
      .selectFrom("works")
      .select((eb) => eb.fn.sum<number>("like_count").as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(sum.n)).toBe(likes);
    const fans = await t.db
      .selectFrom("users")
      .select((eb) => eb.fn.sum<number>("fans_count").as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(fans.n)).toBe(await count("follows"));
  });

  it("puts the demo's history on the charts: each like and comment of someone else's counted on its own day", async () => {
    // The demo's likes come at a person's pace: each one on someone else's work is a counted vote.
    const votes = await t.db.selectFrom("chart_votes").select(["kind", "counted"]).execute();
    const othersLikes = await t.db
      .selectFrom("likes as l")
      .innerJoin("works as w", "w.id", "l.work_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .whereRef("l.user_id", "<>", "w.user_id")
      .executeTakeFirstOrThrow();
    expect(votes.filter((v) => v.kind === 1 && v.counted)).toHaveLength(Number(othersLikes.n));
    const month = await t.send(api.charts.chart, { query: { period: "month" } });
    expect(month.body.data.entries.length).toBeGreaterThan(4);
    // Today has a chart of its own too, so the page is not empty on a first visit.
    expect((await t.send(api.charts.chart, {})).body.data.entries.length).toBeGreaterThan(0);
  });

  it("creates an owner with a generated password it announces once, and writes the media", async () => {
    const owner = await t.db.selectFrom("users").selectAll().where("roles", "=", "owner").executeTakeFirstOrThrow();
    expect(owner.username).toBe("admin");
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatch(/用户名 admin，密码 \S{10,}/);
    const files = await t.storedKeys("demo/");
    expect(files.some((f) => f.endsWith(".webp"))).toBe(true);
    expect(files.some((f) => f.endsWith(".wav"))).toBe(true);
  });

  it("gives each work's pictures the narrower copies an upload gets, so a phone's card fetches a small one", async () => {
    const rows = await t.db.selectFrom("works").select("images").where("images", "<>", "[]").execute();
    const pictures = rows.flatMap(
      (r) => JSON.parse(r.images) as { url: string; width: number; variants: Record<string, string> }[],
    );
    expect(pictures.length).toBeGreaterThan(20);
    for (const picture of pictures) expect(Object.keys(picture.variants)).toEqual(["320", "640"]);
    const [one] = pictures;
    const narrow = await sharp((await t.stored(one.variants["320"]))!).metadata();
    expect([narrow.format, narrow.width]).toEqual(["webp", 320]);
    expect((await sharp((await t.stored(one.url))!).metadata()).width).toBe(one.width);
  });

  it("does nothing on a database that already has content", async () => {
    const before = await count("works");
    expect(
      await seedIfEmpty(t.deps, {
        demo: true,
        ownerUsername: null,
        ownerPassword: null,
        announce: () => {},
      }),
    ).toBe(false);
    expect(await count("works")).toBe(before);
  });
});

describe("empty site", () => {
  it("with DEMO_CONTENT=0 and an owner from the environment, makes only nodes and that owner", async () => {
    const empty = await startApi();
    const said: string[] = [];
    await seedIfEmpty(empty.deps, {
      demo: false,
      ownerUsername: "Boss",
      ownerPassword: "given-pass",
      announce: (m) => said.push(m),
    });
    const users = await empty.db.selectFrom("users").select(["username", "roles"]).execute();
    expect(users).toEqual([{ username: "boss", roles: "owner" }]);
    expect(said).toEqual([]);
    expect(await countRows(empty, "works")).toBe(0);
    const signin = await empty.send(api.signin.signin, { body: { username: "boss", password: "given-pass" } });
    expect(signin.body.success).toBe(true);
    await empty.close();
  });
});
