import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testRedis } from "../../../api/test/redis.ts";
import { diskStore } from "./disk-store.ts";
import { redisStore } from "./redis-store.ts";
import { EVERYTHING, type PageStore, type StoredPage } from "./store.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-pages-"));
const { redis, up } = await testRedis();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  redis.disconnect();
});

let clock = 1_000_000;
const now = () => clock;
const page = (text: string, o: Partial<StoredPage> = {}): StoredPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: Buffer.from(text),
  nonceAt: [],
  etag: `"${text}"`,
  storedAt: clock,
  expiresAt: clock + 60_000,
  view: null,
  ...o,
});
const text = async (store: PageStore, key: string) => (await store.get(key))?.body.toString() ?? null;

const stores: [string, boolean, (maxBytes: number) => Promise<PageStore>][] = [
  ["disk", true, (maxBytes) => diskStore(path.join(mkdtempSync(path.join(dir, "s-")), "pages.db"), { maxBytes, now })],
  [
    "redis",
    up,
    async (maxBytes) =>
      redisStore(redis, { maxBytes, now, prefix: `test:pages:${process.pid}:${Math.random().toString(36).slice(2)}:` }),
  ],
];

describe.each(stores)("the %s store", (_name, available, open) => {
  it.runIf(available)("keeps a page until a drop of one of its topics, and only those", async () => {
    const store = await open(1 << 20);
    const mark = await store.mark();
    expect(await store.put("/art/1", page("work one"), ["art:1", "user:7"], mark)).toBe(true);
    expect(await store.put("/art/2", page("work two"), ["art:2", "user:8"], mark)).toBe(true);
    expect(await store.put("/", page("home"), ["lists"], mark)).toBe(true);
    expect(await text(store, "/art/1")).toBe("work one");
    await store.drop(["user:7"]);
    expect(await text(store, "/art/1")).toBeNull();
    expect(await text(store, "/art/2")).toBe("work two");
    expect(await text(store, "/")).toBe("home");
    await store.drop([EVERYTHING]);
    expect(await text(store, "/art/2")).toBeNull();
    expect(await text(store, "/")).toBeNull();
    expect(await store.size()).toEqual({ pages: 0, bytes: 0 });
    await store.close();
  });

  it.runIf(available)("refuses a page whose render began before a drop of its topics", async () => {
    const store = await open(1 << 20);
    const before = await store.mark();
    await store.drop(["art:1"]);
    expect(await store.put("/art/1", page("old"), ["art:1"], before)).toBe(false);
    // Another topic's drop is no reason to refuse; a drop of everything is.
    expect(await store.put("/art/2", page("two"), ["art:2"], before)).toBe(true);
    clock += 5;
    const mark = await store.mark();
    expect(mark.seq).toBeGreaterThan(before.seq);
    expect(mark.lastDropAt).toBeGreaterThan(0);
    await store.drop([EVERYTHING]);
    expect(await store.put("/art/3", page("three"), ["art:3"], mark)).toBe(false);
    expect(await store.put("/art/3", page("three"), ["art:3"], await store.mark())).toBe(true);
    await store.close();
  });

  it.runIf(available)("serves no expired page, and deletes the oldest past its bytes", async () => {
    const store = await open(1000);
    const mark = await store.mark();
    await store.put("/soon", page("x".repeat(10), { expiresAt: clock + 10 }), ["lists"], mark);
    clock += 11;
    expect(await store.get("/soon")).toBeNull();
    for (let i = 0; i < 100; i++) {
      clock++;
      await store.put(`/p/${i}`, page(String(i).padEnd(100, ".")), [`art:${i}`], mark);
    }
    const { bytes, pages } = await store.size();
    expect(bytes).toBeLessThanOrEqual(1000 + 64 * 100);
    expect(pages).toBeLessThan(100);
    expect(await text(store, "/p/99")).toContain("99");
    expect(await store.get("/p/0")).toBeNull();
    await store.close();
  });

  it.runIf(available)("hands each reader its own bytes, headers and marks", async () => {
    const store = await open(1 << 20);
    await store.put("/w", page("nonce-AAAA", { nonceAt: [6], view: 42 }), ["art:42"], await store.mark());
    const one = (await store.get("/w"))!;
    one.body.write("BBBB", 6);
    const two = (await store.get("/w"))!;
    expect(two.body.toString()).toBe("nonce-AAAA");
    expect(two).toMatchObject({
      nonceAt: [6],
      view: 42,
      etag: '"nonce-AAAA"',
      headers: [["content-type", "text/html"]],
    });
    await store.close();
  });
});

describe("the disk store's file", () => {
  it("is started afresh when it is not a database", async () => {
    const file = path.join(mkdtempSync(path.join(dir, "bad-")), "pages.db");
    writeFileSync(file, "this is not a database file at all, but something a crash left".repeat(100));
    const store = await diskStore(file, { maxBytes: 1 << 20, now });
    expect(await store.put("/", page("home"), [], await store.mark())).toBe(true);
    expect(await text(store, "/")).toBe("home");
    await store.close();
  });

  it("is shared by every process of the machine: a drop through one is seen by the other", async () => {
    const file = path.join(mkdtempSync(path.join(dir, "two-")), "pages.db");
    const [one, two] = [
      await diskStore(file, { maxBytes: 1 << 20, now }),
      await diskStore(file, { maxBytes: 1 << 20, now }),
    ];
    await one.put("/art/5", page("five"), ["art:5"], await one.mark());
    expect(await text(two, "/art/5")).toBe("five");
    await two.drop(["art:5"]);
    expect(await text(one, "/art/5")).toBeNull();
    await one.close();
    await two.close();
  });
});
