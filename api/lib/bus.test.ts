import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { silentLogger } from "../../contract/shared/log.ts";
import { createLogger } from "./log.ts";
import { testRedis } from "../test/redis.ts";
import { memoryBus, redisBus, redisForgetting } from "./bus.ts";

const { redis, up: redisUp } = await testRedis();
afterAll(() => redis.disconnect());

const heard = (bus: ReturnType<typeof memoryBus>) => {
  const ids: number[] = [];
  bus.subscribe((id) => ids.push(id));
  return ids;
};
const settle = () => new Promise((r) => setTimeout(r, 150));

describe("the inbox bus", () => {
  it("in memory tells every listener of this process, until it unsubscribes", () => {
    const bus = memoryBus();
    const a = heard(bus);
    const b: number[] = [];
    const stop = bus.subscribe((id) => b.push(id));
    bus.publish(7);
    stop();
    bus.publish(8);
    expect([a, b]).toEqual([[7, 8], [7]]);
  });

  it.runIf(redisUp)("over Redis tells the other processes (two buses on one channel) and ignores junk", async () => {
    const channel = `yishe:test:${randomBytes(4).toString("hex")}`;
    const one = redisBus(redis, silentLogger, channel);
    const two = redisBus(redis, silentLogger, channel);
    await Promise.all([one.ready, two.ready]);
    const [onOne, onTwo] = [heard(one), heard(two)];
    one.publish(42);
    await redis.publish(channel, "not-a-user");
    two.publish(43);
    await settle();
    expect(onOne).toEqual([42, 43]);
    expect(onTwo).toEqual([42, 43]);
    await Promise.all([one.close(), two.close()]);
  });
});

describe("news over Redis", () => {
  it.runIf(redisUp)("reaches every process that listens, the teller included, until it closes", async () => {
    const channel = `yishe:test:${randomBytes(4).toString("hex")}`;
    const heard: string[][] = [[], []];
    const one = redisForgetting(redis, silentLogger, (name) => heard[0].push(name), channel);
    const two = redisForgetting(redis, silentLogger, (name) => heard[1].push(name), channel);
    await Promise.all([one.ready, two.ready]);
    one.tell("yishe:site");
    two.tell("yishe:listings");
    await settle();
    expect(heard).toEqual([
      ["yishe:site", "yishe:listings"],
      ["yishe:site", "yishe:listings"],
    ]);
    two.close();
    one.tell("yishe:site");
    await settle();
    expect(heard.map((h) => h.length)).toEqual([3, 2]);
    one.close();
  });
});

describe("the bus while Redis is away (issue 54)", () => {
  it("closes at once, and says it is unavailable once rather than at every retry", async () => {
    const lines: { msg: string }[] = [];
    const log = createLogger("info", (line) => lines.push(JSON.parse(line) as { msg: string }));
    // Nothing listens on port 1: every connection attempt fails.
    const away = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: () => 50,
    });
    away.on("error", () => {});
    const bus = redisBus(away, log, "yishe:test:away");
    for (let i = 0; i < 10; i++) {
      bus.publish(i + 1);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The subscription never comes: closing must not wait for it.
    const closed = await Promise.race([
      bus.close().then(() => "closed"),
      new Promise((r) => setTimeout(() => r("still waiting"), 3000)),
    ]);
    expect(closed).toBe("closed");
    away.disconnect();
    expect(lines.filter((l) => l.msg === "redis bus unavailable")).toHaveLength(1);
    expect(lines.filter((l) => l.msg === "redis bus publish failed")).toHaveLength(1);
  });
});
