import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertNode, insertUser, insertWork, startApi, type TestApi } from "../../test/harness.ts";
import { testRedis } from "../../test/redis.ts";
import { redisViewCounter } from "./views-redis.ts";

const { redis, up } = await testRedis();
afterAll(() => redis.disconnect());

let t: TestApi;
let workId: number;
let scope: string;
beforeEach(async () => {
  t = await startApi();
  workId = await insertWork(t, { userId: await insertUser(t, "painter"), nodeId: await insertNode(t, "插画") });
  // Keys of this test's own: other suites share the Redis.
  scope = `test-${randomBytes(5).toString("hex")}`;
});
afterEach(async () => {
  await redis.del(`yishe:views:${scope}`, `yishe:views:${scope}:writing`, `yishe:views:${scope}:writing-at`);
  await t.close();
});

const stored = async () =>
  (await t.db.selectFrom("works").select("view_count").where("id", "=", workId).executeTakeFirstOrThrow()).view_count;
/** A process's counter: each has a Redis connection of its own. */
const processCounter = () => {
  const client = redis.duplicate();
  return { counter: redisViewCounter(client, t.db, { scope }), client };
};

describe.runIf(up)("views held in Redis", () => {
  it("are seen by every process at once and written once, whichever flushes", async () => {
    const [a, b] = [processCounter(), processCounter()];
    for (let i = 0; i < 3; i++) a.counter.add(workId);
    b.counter.add(workId);
    await a.client.ping();
    expect(await b.counter.pending(workId)).toBe(4);
    expect(await a.counter.pending(workId)).toBe(4);
    // Both at once: one takes the batch, the other finds it being written.
    await Promise.all([a.counter.flush(), b.counter.flush()]);
    expect(await stored()).toBe(4);
    expect(await a.counter.pending(workId)).toBe(0);
    a.client.disconnect();
    b.client.disconnect();
  });

  it("count a viewer's first look once across every process", async () => {
    const [a, b] = [processCounter(), processCounter()];
    const viewer = `ip:test-${Date.now()}`;
    expect(await a.counter.firstLook(workId, viewer)).toBe(true);
    expect(await b.counter.firstLook(workId, viewer)).toBe(false);
    expect(await a.counter.firstLook(workId, viewer)).toBe(false);
    expect(await b.counter.firstLook(workId, `${viewer}-other`)).toBe(true);
    a.client.disconnect();
    b.client.disconnect();
  });

  it("outlive a process killed before it wrote them", async () => {
    const doomed = processCounter();
    for (let i = 0; i < 5; i++) doomed.counter.add(workId);
    await doomed.client.ping();
    // Gone without stop(): no flush, nothing held in its memory.
    doomed.client.disconnect();
    const survivor = processCounter();
    expect(await survivor.counter.pending(workId)).toBe(5);
    await survivor.counter.flush();
    expect(await stored()).toBe(5);
    survivor.client.disconnect();
  });

  it("of a batch whose writer died are written by another once it is stale, and a live writer's are left alone", async () => {
    const held = `yishe:views:${scope}`;
    await redis.hset(`${held}:writing`, String(workId), "7");
    await redis.set(`${held}:writing-at`, String(Date.now()));
    const other = processCounter();
    // Being written by someone: shown, not written twice.
    expect(await other.counter.pending(workId)).toBe(7);
    await other.counter.flush();
    expect(await stored()).toBe(0);
    await redis.set(`${held}:writing-at`, String(Date.now() - 61_000));
    await other.counter.flush();
    expect(await stored()).toBe(7);
    expect(await other.counter.pending(workId)).toBe(0);
    other.client.disconnect();
  });

  it("are held by the process itself while Redis is away, and written by it", async () => {
    const away = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    away.on("error", () => {});
    const counter = redisViewCounter(away, t.db, { scope });
    counter.add(workId);
    counter.add(workId);
    await new Promise((r) => setTimeout(r, 20));
    expect(await counter.pending(workId)).toBe(2);
    await counter.stop();
    expect(await stored()).toBe(2);
  });
});
