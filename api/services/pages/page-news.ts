import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Endpoint } from "../../../contract/shared/endpoint.ts";
import type { Logger } from "../../../contract/shared/log.ts";
import { describeError } from "../../../contract/shared/log.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { authorsOfWorks, worksOfComments } from "../../db/queries/page-topics.ts";
import { SITE, topicsOfWrite } from "../../lib/page-topics.ts";

/** Deletes the visitors' pages stored under any of these topics (server/speed/stored-pages). */
export type PageDrops = (topics: string[]) => Promise<void>;

/**
 * What a write tells the visitors' stored pages (api/lib/page-topics.ts says which topics). What a reader must see
 * at once (an edit, a deletion, a comment) is dropped before the write is answered; counts (likes, follows) are
 * gathered for up to `soonMs` and dropped by one job (`pages.drop`), which the job engine retries if the store is
 * away, as it does a drop that failed at once.
 */
export type PageNews = {
  written(endpoint: Endpoint, input: unknown, userId: number | null): Promise<void>;
  /** Something changed outside a call (a scheduled work went out): these topics, at once. */
  changed(topics: string[]): Promise<void>;
  /** The job's part: resolves comments to works and works to their authors, and drops. */
  drop(topics: string[]): Promise<void>;
  /** Queues what is still gathered (a stopping process). */
  close(): Promise<void>;
};

export const noPageNews: PageNews = {
  written: async () => {},
  changed: async () => {},
  drop: async () => {},
  close: async () => {},
};

type Needs = { db: Kysely<DB>; jobs: JobQueue; log: Logger };

export function pageNews(needs: Needs, drops: PageDrops, soonMs = 20_000): PageNews {
  const gathered = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const queue = async (topics: string[]) => {
    await needs.jobs.send("pages.drop", { topics });
  };
  const sendGathered = async () => {
    timer = null;
    const topics = [...gathered];
    gathered.clear();
    if (topics.length)
      await queue(topics).catch((err) => needs.log.error("页面缓存：排队失败", { error: describeError(err) }));
  };
  const drop = async (topics: string[]) => drops(await resolved(needs.db, topics));
  const now = async (topics: string[]) => {
    if (!topics.length) return;
    try {
      await drop(topics);
    } catch (err) {
      // The write stands; its pages go as soon as the store answers again.
      needs.log.error("页面缓存：删除失败，已排队重试", { error: describeError(err) });
      await queue(topics).catch(() => {});
    }
  };
  return {
    async written(endpoint, input, userId) {
      const topics = topicsOfWrite(endpoint, input as never, userId);
      await now(topics.now);
      if (!topics.soon.length) return;
      for (const topic of topics.soon) gathered.add(topic);
      timer ??= setTimeout(() => void sendGathered(), soonMs);
      timer.unref?.();
    },
    changed: now,
    drop,
    async close() {
      if (timer) clearTimeout(timer);
      await sendGathered();
    },
  };
}

/**
 * Topics as the store keeps them: a comment stands for its work, a work also for its author's pages; an id that is
 * not a number, or names nothing, drops everything (a page could show it, and none is kept wrongly).
 */
async function resolved(db: Kysely<DB>, topics: string[]): Promise<string[]> {
  const out = new Set<string>();
  const works: number[] = [];
  const comments: number[] = [];
  for (const topic of topics) {
    const [kind, id] = topic.split(":");
    const n = Number(id);
    if (kind === "art" || kind === "comment" || kind === "user") {
      if (!Number.isSafeInteger(n) || n <= 0) return [SITE];
      if (kind === "art") works.push(n);
      else if (kind === "comment") comments.push(n);
      else out.add(topic);
    } else out.add(topic);
  }
  const asked = [...new Set(comments)];
  const onWorks = await worksOfComments(db, asked);
  if (onWorks.length < asked.length) return [SITE];
  works.push(...onWorks);
  for (const w of works) out.add(`art:${w}`);
  for (const u of await authorsOfWorks(db, [...new Set(works)])) out.add(`user:${u}`);
  return [...out];
}
