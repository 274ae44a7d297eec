import type { WorkRow } from "../db/queries/works.ts";

/**
 * The shared part of the work lists: a page of rows (the home page's, a node's, a kind's) is the same for everyone
 * who asks within a few seconds, so each process keeps it briefly and every reader adds only their own likes
 * (issue 13). Any write through the API forgets it all at once, in this process and, through `announce`, in the
 * others; the time limit bounds what a process that missed the news can show.
 */
export type Listings = {
  /** The rows `key` names: kept ones while fresh, else `load`'s (asked once however many wait for it). */
  rows(key: string, load: () => Promise<WorkRow[]>): Promise<WorkRow[]>;
  /** Something written: forget every list here and tell the other processes. */
  changed(): void;
  /** Another process wrote: forget every list here. */
  forget(): void;
};

type Entry = { at: number; generation: number; rows: Promise<WorkRow[]> };

export function listingCache(opts: {
  ttlMs: number;
  /** Lists kept at most; the least recently stored goes first. */
  max?: number;
  now?: () => number;
  /** Tells the other processes that something was written (server.ts: through the cluster's primary). */
  announce?: () => void;
}): Listings {
  const max = opts.max ?? 200;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let generation = 0;
  const forget = () => {
    generation++;
    entries.clear();
  };
  return {
    rows(key, load) {
      if (opts.ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now() - hit.at < opts.ttlMs) return hit.rows;
      const asked = generation;
      // Frozen: every reader gets these very rows, and none may change them for the others.
      const rows = load().then((list) => Object.freeze(list.map((row) => Object.freeze(row))) as WorkRow[]);
      // A write that lands while this loads makes it stale: it answers its own caller but is not kept.
      const entry = { at: now(), generation: asked, rows };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      rows.then(
        () => {
          if (generation !== asked && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return rows;
    },
    changed() {
      forget();
      opts.announce?.();
    },
    forget,
  };
}

/** No sharing: every list read afresh (tests that count queries, and LISTING_CACHE_MS=0). */
export const noListingCache: Listings = { rows: (_key, load) => load(), changed() {}, forget() {} };
