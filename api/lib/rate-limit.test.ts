import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { testRedis } from "../test/redis.ts";
import { createLimiter, limitRules, waitText, type LimitStore } from "./rate-limit.ts";

// The Redis store is what several processes share when REDIS_URL is set.
const { redis, up: redisUp } = await testRedis();
afterAll(() => redis.disconnect());

const stores: [string, () => LimitStore][] = [["memory", () => ({ kind: "memory" })]];
if (redisUp) stores.push(["redis", () => ({ kind: "redis", client: redis })]);

describe.each(stores)("the limiter on %s", (_name, store) => {
  const key = () => `test-${randomBytes(6).toString("hex")}`;

  it("lets the rule's attempts through, then says how long to wait, per key", async () => {
    const limiter = createLimiter(store());
    const a = key();
    const { points, seconds } = limitRules.signinAccountIp;
    for (let i = 0; i < points; i++) {
      expect(await limiter.retryAfter("signinAccountIp", a)).toBe(0);
      expect(await limiter.hit("signinAccountIp", a)).toBe(0);
    }
    const wait = await limiter.retryAfter("signinAccountIp", a);
    expect(wait).toBeGreaterThan(seconds - 5);
    expect(wait).toBeLessThanOrEqual(seconds);
    expect(await limiter.retryAfter("signinAccountIp", key())).toBe(0);
    await limiter.reset("signinAccountIp", a);
    expect(await limiter.retryAfter("signinAccountIp", a)).toBe(0);
  });

  it("refuses the attempt past the rule when counting as it goes", async () => {
    const limiter = createLimiter(store());
    const ip = key();
    for (let i = 0; i < limitRules.captchaIp.points; i++) expect(await limiter.hit("captchaIp", ip)).toBe(0);
    expect(await limiter.hit("captchaIp", ip)).toBeGreaterThan(0);
  });

  it.each(Object.keys(limitRules) as (keyof typeof limitRules)[])(
    "holds the rule %s: its attempts pass, the next waits out its window",
    async (rule) => {
      const limiter = createLimiter(store());
      const k = key();
      const { points, seconds } = limitRules[rule];
      for (let i = 0; i < points; i++) expect(await limiter.hit(rule, k)).toBe(0);
      const wait = await limiter.hit(rule, k);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(seconds);
    },
  );

  it("shares counts between limiters on one store, as processes do", async () => {
    const a = createLimiter(store());
    const b = createLimiter(store());
    const k = key();
    for (let i = 0; i < limitRules.signinAccountIp.points; i++) await a.hit("signinAccountIp", k);
    const wait = await b.retryAfter("signinAccountIp", k);
    if (_name === "memory") expect(wait).toBe(0);
    else expect(wait).toBeGreaterThan(0);
  });
});

describe("waitText", () => {
  it("says a wait in minutes or seconds", () => {
    expect(waitText(30)).toBe("30秒");
    expect(waitText(61)).toBe("2分钟");
    expect(waitText(900)).toBe("15分钟");
  });
});
