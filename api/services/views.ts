import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { addViews } from "../db/queries/works.ts";
import type { Logger } from "../../contract/log.ts";

/**
 * Views are counted in memory and written every few seconds in one transaction, not one write per page opened.
 * A work's page shows its stored count plus what this process still holds; a graceful stop writes the rest.
 */
export type ViewCounter = {
  add(workId: number): void;
  /** Views of the work held (by this process, or in Redis for all) and not written yet. */
  pending(workId: number): number | Promise<number>;
  flush(): Promise<void>;
  /** Writes every `everyMs` until stop(), which writes what is left. */
  start(everyMs?: number): void;
  stop(): Promise<void>;
};

export function viewCounter(
  db: Kysely<DB>,
  log?: Logger,
): Omit<ViewCounter, "pending"> & { pending(workId: number): number } {
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
        log?.warn("view counts not written", { error: String(err) });
      }
    });
    return writing;
  };
  return {
    add: (id) => void held.set(id, (held.get(id) ?? 0) + 1),
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
