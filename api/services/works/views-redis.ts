import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { DB } from "../../db/schema.ts";
import { addViews } from "../../db/queries/views.ts";
import type { Logger } from "../../../contract/shared/log.ts";
import { flushedEvery, VIEW_PERIOD_MS, viewCounter, type ViewCounter } from "./views.ts";
import { describeError } from "../../../contract/shared/log.ts";

/** A batch taken this long ago and still not written was taken by a process that died: another writes it. */
const STALE_MS = 60_000;

// One batch is written at a time, by whichever process asks first: the held views become the batch being written
// (RENAME is atomic, so a view counted meanwhile starts a new hash). A batch left by a process that died is
// taken over once it is stale.
const TAKE = `
local now = tonumber(ARGV[1])
if redis.call('EXISTS', KEYS[2]) == 1 then
  local at = tonumber(redis.call('GET', KEYS[3]) or '0')
  if now - at < tonumber(ARGV[2]) then return nil end
elseif redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], KEYS[2])
else
  return nil
end
redis.call('SET', KEYS[3], ARGV[1])
return redis.call('HGETALL', KEYS[2])
`;

/**
 * With REDIS_URL, views are held in Redis rather than in each process: every process shows the same count, and a
 * process killed mid-flight loses none. The batch leaves Redis inside the transaction that adds it to the works;
 * only a process dying in that last instant could lose one. While Redis is away, views are held here and written
 * by this process, as without Redis.
 */
export function redisViewCounter(
  redis: Redis,
  db: Kysely<DB>,
  options: {
    log?: Logger;
    /** Names this database's keys: sites on other databases may share the Redis. */ scope: string;
  },
): ViewCounter {
  const log = options.log;
  const HELD = `yishe:views:${options.scope}`;
  const WRITING = `${HELD}:writing`;
  const WRITING_AT = `${HELD}:writing-at`;
  const local = viewCounter(db, log);
  let writing: Promise<void> = Promise.resolve();
  const flushHeld = async () => {
    const flat = (await redis.eval(TAKE, 3, HELD, WRITING, WRITING_AT, Date.now(), STALE_MS)) as string[] | null;
    if (!flat?.length) return;
    const batch = new Map<number, number>();
    for (let i = 0; i < flat.length; i += 2) batch.set(Number(flat[i]), Number(flat[i + 1]));
    await addViews(db, batch, async () => void (await redis.del(WRITING, WRITING_AT)));
  };
  const flush = () => {
    writing = writing.then(async () => {
      await flushHeld().catch((err) => log?.warn("view counts not written", { error: describeError(err) }));
      await local.flush();
    });
    return writing;
  };
  return {
    add(id) {
      redis.hincrby(HELD, String(id), 1).catch(() => local.add(id));
    },
    async firstLook(id, viewer) {
      try {
        return (await redis.set(`${HELD}:look:${id}:${viewer}`, "1", "PX", VIEW_PERIOD_MS, "NX")) === "OK";
      } catch {
        return local.firstLook(id, viewer);
      }
    },
    async pending(id) {
      try {
        const [held, batch] = (await redis.pipeline().hget(HELD, String(id)).hget(WRITING, String(id)).exec()) ?? [];
        return Number(held?.[1] ?? 0) + Number(batch?.[1] ?? 0) + local.pending(id);
      } catch {
        return local.pending(id);
      }
    },
    flush,
    ...flushedEvery(flush),
  };
}
