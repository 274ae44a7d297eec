import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../../test/harness.ts";
import { testRedis } from "../../test/redis.ts";
import { silentLogger } from "../../../contract/shared/log.ts";
import { databaseCaptchas, redisCaptchas, type CaptchaStore } from "./captcha-store.ts";
import { captchaKey, captchaValue, readCaptchaValue } from "../../lib/captcha-value.ts";

const { redis, up } = await testRedis();
afterAll(() => redis.disconnect());

let t: TestApi;
let scope: string;
beforeEach(async () => {
  t = await startApi();
  scope = `test-${randomBytes(5).toString("hex")}`;
});
afterEach(async () => {
  if (up) {
    const keys = await redis.keys(captchaKey(scope, "*"));
    if (keys.length) await redis.del(...keys);
  }
  await t.close();
});

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const rows = async () => (await t.db.selectFrom("captchas").selectAll().execute()).length;

const stores: [string, boolean, () => CaptchaStore][] = [
  ["the database", true, () => databaseCaptchas(t.db)],
  ["Redis", up, () => redisCaptchas(redis, t.db, { scope })],
];

describe.each(stores)("captchas kept in %s", (_name, runs, store) => {
  it.runIf(runs)("shows a live code, answers it once, and keeps none past its time", async () => {
    const s = store();
    await s.put("a", "k7wm", NOW + 60_000, NOW);
    expect(await s.peek("a", NOW)).toBe("k7wm");
    expect(await s.peek("a", NOW + 60_000)).toBeNull();
    expect(await s.take("a")).toEqual({ code: "k7wm", expiresAt: NOW + 60_000 });
    expect(await s.take("a")).toBeNull();
    expect(await s.peek("a", NOW)).toBeNull();
    expect(await s.take("never")).toBeNull();
  });

  it.runIf(runs)("answers a captcha once when two processes take it at the same moment", async () => {
    const s = store();
    await s.put("b", "p3x9", NOW + 60_000, NOW);
    const other = _name === "Redis" ? redisCaptchas(redis.duplicate(), t.db, { scope }) : store();
    const taken = await Promise.all([s.take("b"), other.take("b"), s.take("b"), other.take("b")]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});

describe.runIf(up)("captchas in Redis", () => {
  it("write no row, and Redis drops each when its time is up", async () => {
    const s = redisCaptchas(redis, t.db, { scope });
    await s.put("c", "q8rt", NOW + 300_000, NOW);
    expect(await rows()).toBe(0);
    const ttl = await redis.pttl(captchaKey(scope, "c"));
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it("go to the database while Redis is away, and are still answered once it is back", async () => {
    const away = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    away.on("error", () => {});
    const warnings: string[] = [];
    const log = { ...silentLogger, warn: (m: string) => void warnings.push(m) };
    const down = redisCaptchas(away, t.db, { scope, log });
    await down.put("d", "m4nz", NOW + 60_000, NOW);
    expect(await rows()).toBe(1);
    expect(await down.peek("d", NOW)).toBe("m4nz");
    expect(warnings[0]).toBe("redis captchas unavailable");
    const back = redisCaptchas(redis, t.db, { scope });
    expect(await back.take("d")).toEqual({ code: "m4nz", expiresAt: NOW + 60_000 });
    expect(await back.take("d")).toBeNull();
    expect(await rows()).toBe(0);
    away.disconnect();
  });
});

it("the database store clears expired captchas as new ones are asked for", async () => {
  const s = databaseCaptchas(t.db);
  await s.put("old", "aaaa", NOW + 1_000, NOW);
  await s.put("new", "bbbb", NOW + 301_000, NOW + 1_000);
  expect(await rows()).toBe(1);
  expect(await s.peek("new", NOW + 1_000)).toBe("bbbb");
});

describe("a captcha as Redis holds it", () => {
  it("reads back what was written, a code holding a colon included, and nothing from a malformed value", () => {
    expect(readCaptchaValue(captchaValue("ab:c", 1_700_000_000_000))).toEqual({
      code: "ab:c",
      expiresAt: 1_700_000_000_000,
    });
    for (const bad of [null, undefined, "", "abcd", ":abcd"]) expect(readCaptchaValue(bad)).toBeNull();
  });
});
