import type { Redis } from "ioredis";
import { EVERYTHING, metaOf, pageOf, type PageStore } from "./store.ts";

/**
 * Visitors' pages in Redis, for every process of every server (REDIS_URL). Each page is a hash (meta, body, bytes,
 * its topics); each topic a set of the pages stored under it; `drops` the drop count at which each topic was last
 * dropped; `order` the pages by when they were stored, the oldest deleted first past `maxBytes`. A put and a drop are
 * each one script, so no drop falls between a put's check and its write.
 */
const REMOVE = `
local function remove(p, key)
  local page = p .. 'page:' .. key
  local bytes = redis.call('HGET', page, 'bytes')
  if bytes then redis.call('DECRBY', p .. 'bytes', bytes) end
  local topics = redis.call('HGET', page, 'topics')
  if topics then
    for topic in string.gmatch(topics, '[^ ]+') do redis.call('SREM', p .. 'topic:' .. topic, key) end
  end
  redis.call('DEL', page)
  redis.call('ZREM', p .. 'order', key)
end
`;

// ARGV: prefix, key, mark, meta, body, storedAt, maxBytes, topics (space separated)
const PUT = `${REMOVE}
local p, key, mark = ARGV[1], ARGV[2], tonumber(ARGV[3])
local topics = ARGV[8]
for topic in string.gmatch('${EVERYTHING} ' .. topics, '[^ ]+') do
  local at = redis.call('HGET', p .. 'drops', topic)
  if at and tonumber(at) > mark then return 0 end
end
remove(p, key)
redis.call('HSET', p .. 'page:' .. key, 'meta', ARGV[4], 'body', ARGV[5], 'bytes', #ARGV[5], 'topics', topics)
redis.call('INCRBY', p .. 'bytes', #ARGV[5])
redis.call('ZADD', p .. 'order', ARGV[6], key)
for topic in string.gmatch(topics, '[^ ]+') do redis.call('SADD', p .. 'topic:' .. topic, key) end
local max = tonumber(ARGV[7])
while tonumber(redis.call('GET', p .. 'bytes') or '0') > max do
  local oldest = redis.call('ZRANGE', p .. 'order', 0, 0)[1]
  if not oldest then break end
  remove(p, oldest)
end
return 1
`;

// ARGV: prefix, now, topics...
const DROP = `${REMOVE}
local p = ARGV[1]
local seq = redis.call('INCR', p .. 'seq')
redis.call('SET', p .. 'dropAt', ARGV[2])
for i = 3, #ARGV do
  local topic = ARGV[i]
  redis.call('HSET', p .. 'drops', topic, seq)
  local keys
  if topic == '${EVERYTHING}' then keys = redis.call('ZRANGE', p .. 'order', 0, -1)
  else keys = redis.call('SMEMBERS', p .. 'topic:' .. topic) end
  for _, key in ipairs(keys) do remove(p, key) end
end
return seq
`;

export function redisStore(redis: Redis, options: { maxBytes: number; prefix: string; now?: () => number }): PageStore {
  const p = options.prefix;
  const now = options.now ?? Date.now;
  return {
    kind: "redis",
    mark: async () => {
      const [seq, at] = await redis.mget(`${p}seq`, `${p}dropAt`);
      return { seq: Number(seq ?? 0), lastDropAt: Number(at ?? 0) };
    },
    get: async (key) => {
      const [meta, body] = await redis.hmgetBuffer(`${p}page:${key}`, "meta", "body");
      if (!meta || !body) return null;
      const page = pageOf(meta.toString(), body);
      return page.expiresAt > now() ? page : null;
    },
    put: async (key, page, topics, mark) => {
      const args = [p, key, mark.seq, metaOf(page), page.body, page.storedAt, options.maxBytes, topics.join(" ")];
      return (await redis.eval(PUT, 0, ...args)) === 1;
    },
    drop: async (topics) => {
      if (topics.length) await redis.eval(DROP, 0, p, now(), ...topics);
    },
    size: async () => {
      const [pages, bytes] = await Promise.all([redis.zcard(`${p}order`), redis.get(`${p}bytes`)]);
      return { pages, bytes: Number(bytes ?? 0) };
    },
    close: async () => {},
  };
}
