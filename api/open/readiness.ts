import type { Redis } from "ioredis";
import type { Database } from "../db/index.ts";
import { pendingMigrations } from "../db/migrate.ts";
import type { CheckName } from "../lib/health.ts";
import type { Storage } from "../lib/storage.ts";

/** One thing the site depends on, asked whether it answers (a throw says why not). */
export type Check = { name: CheckName; run: () => Promise<void> };

/** The object store is asked at most this often (each ask is a request to it). */
const STORE_EVERY_MS = 10_000;

/**
 * What the readiness probe asks of the API's dependencies: the database answers `select 1` with its migrations
 * run, and Redis and the object store answer when they are configured.
 */
export function readinessChecks(t: {
  database: Database | null;
  redis: Pick<Redis, "ping"> | null;
  storage: Pick<Storage, "check"> | null;
}): Check[] {
  const checks: Check[] = [];
  const { database, redis, storage } = t;
  if (database) {
    checks.push({
      name: "database",
      run: async () => void (await database.db.selectNoFrom((eb) => eb.lit(1).as("one")).execute()),
    });
    checks.push({
      name: "migrations",
      run: async () => {
        const pending = await pendingMigrations(database);
        if (pending.length) throw new Error(`not run: ${pending.join(", ")}`);
      },
    });
  }
  if (redis) checks.push({ name: "redis", run: async () => void (await redis.ping()) });
  if (storage?.check) {
    const check = storage.check.bind(storage);
    let store: { at: number; ok: Promise<void> } | null = null;
    checks.push({
      name: "storage",
      run: () => {
        if (!store || Date.now() - store.at > STORE_EVERY_MS) store = { at: Date.now(), ok: check() };
        return store.ok;
      },
    });
  }
  return checks;
}
