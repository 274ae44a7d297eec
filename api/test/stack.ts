import { randomBytes } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { Redis } from "ioredis";
import { inject } from "vitest";
import type { ApiOptions } from "../app.ts";
import { memoryBus, redisBus, redisForgetting } from "../lib/bus.ts";
import { s3Client, s3Storage, type S3Settings } from "../lib/s3-storage.ts";
import { localStorage, type Storage } from "../lib/storage.ts";
import { listingCache } from "../services/browse/listings.ts";
import { viewCounter, type ViewCounter } from "../services/works/views.ts";
import { redisViewCounter } from "../services/works/views-redis.ts";
import { redisCaptchas } from "../services/signin/captcha-store.ts";
import { silentLogger } from "../../contract/shared/log.ts";
import { stack } from "./engine.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** scripts/test-setup.ts: the local S3 store of TEST_STACK=cluster. */
    s3: S3Settings | null;
    /** scripts/test-setup.ts: on PostgreSQL, the migrated database each test's fresh one copies. */
    pgTemplate: string | null;
  }
}

export { stack } from "./engine.ts";

type Shared = Pick<ApiOptions, "db" | "dialect" | "now" | "limitStore"> & { listingCacheMs?: number };
export type Processes = {
  /** The settings of each "process": one, or two in the cluster stack. */
  options: ApiOptions[];
  storage: Storage;
  /** One view counter standing for all of them: `flush` writes what each holds. */
  views: ViewCounter;
  /**
   * Resolves once every process has heard the news process `i` told before now. Redis delivers a connection's
   * messages in order, so a marker told after a write's news arrives after it.
   */
  settled(i: number): Promise<void>;
  /** Every stored file's key (a folder's keys with `under`), and one file's bytes. */
  keys(under?: string): Promise<string[]>;
  read(url: string): Promise<Buffer | null>;
  close(): Promise<void>;
};

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

export async function processes(shared: Shared, uploadsDir: string): Promise<Processes> {
  const { listingCacheMs, ...common } = shared;
  const listings = (announce?: () => void) =>
    listingCacheMs ? listingCache({ ttlMs: listingCacheMs, now: shared.now, announce }) : undefined;
  if (stack === "single") {
    const views = viewCounter(shared.db);
    const storage = localStorage(uploadsDir);
    return {
      options: [{ ...common, uploadsDir, storage, bus: memoryBus(), views, listings: listings() }],
      storage,
      views,
      settled: async () => {},
      keys: async (under = "") =>
        (await readdir(path.join(uploadsDir, under), { recursive: true, withFileTypes: true }).catch(() => []))
          .filter((e) => e.isFile())
          .map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name))),
      read: (url) => readFile(path.join(uploadsDir, keyOf(url))).catch(() => null),
      close: async () => {},
    };
  }

  // Names of this site's own, so that suites running side by side on one Redis and one store never meet.
  const scope = randomBytes(5).toString("hex");
  const settings = inject("s3");
  if (!settings) throw new Error("TEST_STACK=cluster needs the S3 store of scripts/test-setup.ts");
  const s3 = { ...settings, bucket: `t-${scope}` };
  const client = s3Client(s3);
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  const storage = s3Storage(s3, client);
  const url = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
  const clients: Redis[] = [];
  const closers: (() => unknown)[] = [];
  const counters: ViewCounter[] = [];
  const readiness: Promise<unknown>[] = [];
  const tellers: ((name: string) => void)[] = [];
  const waiting = new Map<string, { left: number; done: () => void }>();
  const heard = (name: string) => {
    const marker = waiting.get(name);
    if (marker && --marker.left === 0) marker.done();
  };
  const options = [0, 1].map((): ApiOptions => {
    const redis = new Redis(url, { keyPrefix: `yishe-test:${scope}:`, maxRetriesPerRequest: 1 });
    clients.push(redis);
    const bus = redisBus(redis, silentLogger, `yishe:inbox:${scope}`);
    const news = redisForgetting(
      redis,
      silentLogger,
      (name) => (name === "yishe:listings" ? kept?.forget() : heard(name)),
      `yishe:news:${scope}`,
    );
    tellers.push(news.tell);
    readiness.push(bus.ready, news.ready);
    const kept = listings(() => news.tell("yishe:listings"));
    const views = redisViewCounter(redis, shared.db, { scope });
    counters.push(views);
    closers.push(
      () => bus.close(),
      () => news.close(),
    );
    return {
      ...common,
      storage,
      bus,
      views,
      listings: kept,
      limitStore: { kind: "redis", client: redis },
      captchas: redisCaptchas(redis, shared.db, { scope }),
    };
  });
  await Promise.all(readiness);
  let markers = 0;
  const views: ViewCounter = {
    add: (workId) => counters[0].add(workId),
    firstLook: (workId, viewer) => counters[0].firstLook(workId, viewer),
    // Held in Redis for all of them.
    pending: (workId) => counters[0].pending(workId),
    flush: async () => void (await Promise.all(counters.map((c) => c.flush()))),
    start: (everyMs) => counters.forEach((c) => c.start(everyMs)),
    stop: async () => void (await Promise.all(counters.map((c) => c.stop()))),
  };
  return {
    options,
    storage,
    views,
    settled(i) {
      const name = `marker:${++markers}`;
      return new Promise<void>((done, fail) => {
        const late = setTimeout(() => fail(new Error(`news from process ${i} not heard by all within 5 s`)), 5000);
        waiting.set(name, {
          left: options.length,
          done: () => {
            clearTimeout(late);
            waiting.delete(name);
            done();
          },
        });
        tellers[i](name);
      });
    },
    async keys(under = "") {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: under }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    async read(url) {
      const file = await storage.get(keyOf(url));
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async close() {
      for (const close of closers) await close();
      for (const redis of clients) redis.disconnect();
      client.destroy();
    },
  };
}
