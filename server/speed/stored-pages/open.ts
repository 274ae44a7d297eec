import { once } from "node:events";
import path from "node:path";
import { connectRedis, scopeOf, topicsOfAnswer, topicsOfRead, type Env } from "../../../api/index.ts";
import type { Logger } from "../../../contract/shared/log.ts";
import type { ApiTransport } from "../../../contract/shared/transport.ts";
import type { PageFacts } from "./stored-pages.ts";
import { diskStore } from "./disk-store.ts";
import { redisStore } from "./redis-store.ts";
import { EVERYTHING, type PageStore } from "./store.ts";
import { describeError } from "../../../contract/shared/log.ts";

/** The store PAGE_STORE names: Redis (its own connection), a file under DATA_DIR, or none. */
export async function openPageStore(env: Env, log: Logger): Promise<PageStore | null> {
  if (env.pageStore === "off") return null;
  const maxBytes = env.pageStoreBytes;
  let store: PageStore;
  if (env.pageStore === "redis" && env.redisUrl) {
    const redis = connectRedis(env.redisUrl, log);
    const shared = redisStore(redis, { maxBytes, prefix: `yishe:${scopeOf(env.databaseUrl)}:pages:` });
    store = { ...shared, close: async () => redis.disconnect() };
    // Drops that failed while Redis was away wait in the job queue: until they run, nothing stored is trusted.
    let seen = false;
    redis.on("ready", () => {
      if (seen) void shared.drop([EVERYTHING]).catch(() => {});
      seen = true;
    });
    await Promise.race([once(redis, "ready"), new Promise((r) => setTimeout(r, 2_000).unref())]).catch(() => {});
  } else store = await diskStore(path.join(env.dataDir, "pages", "pages.db"), { maxBytes });
  // A start may follow a restore, a migration or the database changed while the site was down: nothing stored
  // before it is trusted. (Under WORKERS each worker says it once; the pages are drawn again as visitors come.)
  await store.drop([EVERYTHING]).catch((err) => log.error("页面缓存不可用", { error: describeError(err) }));
  return store;
}

/** The page's transport, noting the topics of every read its loaders make (api/lib/page-topics.ts). */
export function readsNoted(transport: ApiTransport, facts: PageFacts): ApiTransport {
  return {
    ...transport,
    call(endpoint, input, session) {
      for (const topic of topicsOfRead(endpoint, input)) facts.topics.add(topic);
      return transport.call(endpoint, input, session).then((outcome) => {
        if (outcome.ok) for (const topic of topicsOfAnswer(endpoint, outcome.value)) facts.topics.add(topic);
        return outcome;
      });
    },
    open(endpoint, input, session, signal) {
      // A file or a stream read by a page: nothing names what it stands on, so it stands with the lists.
      facts.topics.add("lists");
      return transport.open(endpoint, input, session, signal);
    },
  };
}
