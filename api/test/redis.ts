import { Redis } from "ioredis";

/**
 * The machine's Redis for tests of what several processes share. CI starts it and requires it; elsewhere the
 * Redis cases are skipped when no Redis answers. Disconnect it in afterAll.
 */
export async function testRedis(): Promise<{ redis: Redis; up: boolean }> {
  const redis = new Redis(process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379", {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  const up = await redis.connect().then(
    () => true,
    () => false,
  );
  if (!up && process.env.CI) throw new Error("CI needs Redis at 127.0.0.1:6379 (or TEST_REDIS_URL)");
  return { redis, up };
}
