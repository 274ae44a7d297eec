import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { addViews } from "../../db/queries/views.ts";
import type { Logger } from "../../../contract/shared/log.ts";
import { describeError } from "../../../contract/shared/log.ts";

/**
 * Views are counted in memory and written every few seconds in one transaction, not one write per page opened.
 * A work's page shows its stored count plus what this process still holds; a graceful stop writes the rest.
 */
export type ViewCounter = {
  add(workId: number): void;
  /**
   * Whether this is `viewer`'s first look at the work in VIEW_PERIOD_MS (a member by id, a visitor by address):
   * only a first look counts, so a script reloading a page cannot raise its views.
   */
  firstLook(workId: number, viewer: string): boolean | Promise<boolean>;
  /** Views of the work held (by this process, or in Redis for all) and not written yet. */
  pending(workId: number): number | Promise<number>;
  flush(): Promise<void>;
  /** Writes every `everyMs` until stop(), which writes what is left. */
  start(everyMs?: number): void;
  stop(): Promise<void>;
};

/** One view per viewer and work in this long. */
export const VIEW_PERIOD_MS = 30 * 60_000;
/** Looks remembered by one process at most; past it the oldest are forgotten first. */
const LOOKS_MAX = 200_000;

/** Who looked at what, until when: in this process (Redis keeps them for all when it is there). */
export function looks(now: () => number = Date.now) {
  const until = new Map<string, number>();
  return (workId: number, viewer: string): boolean => {
    const key = `${workId}:${viewer}`;
    const at = now();
    if ((until.get(key) ?? 0) > at) return false;
    if (until.size >= LOOKS_MAX) {
      for (const [k, u] of until) if (u <= at || until.size > LOOKS_MAX / 2) until.delete(k);
    }
    until.delete(key);
    until.set(key, at + VIEW_PERIOD_MS);
    return true;
  };
}

export function viewCounter(
  db: Kysely<DB>,
  log?: Logger,
  now: () => number = Date.now,
): Omit<ViewCounter, "pending" | "firstLook"> & {
  pending(workId: number): number;
  firstLook(workId: number, viewer: string): boolean;
} {
  const held = new Map<number, number>();
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    writing = writing.then(async () => {
      if (!held.size) return;
      // Still held while they are written: a page read meanwhile finds them here, not yet in the database. They
      // leave at the end of the transaction, where no read on the same SQLite connection can come between.
      const batch = new Map(held);
      let taken = false;
      const take = () => {
        for (const [id, n] of batch) {
          const left = (held.get(id) ?? 0) - n;
          if (left > 0) held.set(id, left);
          else held.delete(id);
        }
        taken = true;
      };
      try {
        await addViews(db, batch, take);
      } catch (err) {
        // Kept for the next round rather than lost.
        if (taken) for (const [id, n] of batch) held.set(id, (held.get(id) ?? 0) + n);
        log?.warn("view counts not written", { error: describeError(err) });
      }
    });
    return writing;
  };
  return {
    add: (id) => void held.set(id, (held.get(id) ?? 0) + 1),
    firstLook: looks(now),
    pending: (id) => held.get(id) ?? 0,
    flush,
    ...flushedEvery(flush),
  };
}

/** A counter's start and stop: write every `everyMs` until stopped, then once more for what is left. */
export function flushedEvery(flush: () => Promise<void>): Pick<ViewCounter, "start" | "stop"> {
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    start(everyMs = 2000) {
      timer ??= setInterval(() => void flush(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
