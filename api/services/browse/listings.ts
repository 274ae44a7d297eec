import type { WorkRow } from "../../db/queries/works.ts";

/**
 * The shared part of the work lists: a page of rows (the home page's, a node's, a kind's) is the same for everyone
 * who asks within a few seconds, so each process keeps it briefly and every reader adds only their own likes
 * (issue 13). Any write through the API forgets it all at once, in this process and, through `announce`, in the
 * others; the time limit bounds what a process that missed the news can show.
 */
export type Listings = {
  /** The rows `key` names: kept ones while fresh, else `load`'s (asked once however many wait for it). */
  rows<R extends WorkRow>(key: string, load: () => Promise<R[]>): Promise<R[]>;
  /** Something written: forget every list here and tell the other processes. */
  changed(): void;
  /** Another process wrote: forget every list here. */
  forget(): void;
  /** Counts the forgettings: what another cache read under a different count may be stale (picture-rights.ts). */
  epoch(): number;
};

type Entry = { at: number; rows: Promise<WorkRow[]> };

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
  // Entries are only ever made under the present state of things: forgetting drops them all, those still loading
  // included, so a list a write overtook answers its own caller and is not kept.
  let epoch = 0;
  const forget = () => {
    entries.clear();
    epoch++;
  };
  return {
    rows<R extends WorkRow>(key: string, load: () => Promise<R[]>): Promise<R[]> {
      if (opts.ttlMs <= 0) return load();
      const hit = entries.get(key);
      // A key names one kind of rows (the picks' carry their reason): what was stored under it is what it loads.
      if (hit && now() - hit.at < opts.ttlMs) return hit.rows as Promise<R[]>;
      // Frozen: every reader gets these very rows, and none may change them for the others.
      const rows = load().then((list) => Object.freeze(list.map((row) => Object.freeze(row))) as R[]);
      const entry = { at: now(), rows };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      rows.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return rows;
    },
    changed() {
      forget();
      opts.announce?.();
    },
    forget,
    epoch: () => epoch,
  };
}

/** No sharing: every list read afresh (tests that count queries, and LISTING_CACHE_MS=0). */
let uncached = 0;
export const noListingCache: Listings = {
  rows: (_key, load) => load(),
  changed() {},
  forget() {},
  // Nothing is kept, so nothing kept elsewhere by this count may be trusted either.
  epoch: () => ++uncached,
};
