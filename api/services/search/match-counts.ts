/**
 * How many works a keyword matches, with its filters, counted at most once a minute per database and process. The
 * count stops at searchPaging.countedUpTo, and reading that many postings is still slow for a common keyword at a
 * million works on SQLite, where it holds up every other page of the process (docs/benchmarks-log.md); all it gives the
 * reader is the number above the results, and a minute-old number is as good. The results themselves are never kept.
 */
export const COUNT_KEPT_MS = 60_000;
/** Distinct keywords (with filters) kept; past this the longest kept is forgotten first. */
export const COUNTS_KEPT = 1_000;

type Kept = { n: number; until: number };
const byDatabase = new WeakMap<object, Map<string, Kept>>();

export async function keptCount(
  database: object,
  key: string,
  now: number,
  count: () => Promise<number>,
): Promise<number> {
  let kept = byDatabase.get(database);
  if (!kept) byDatabase.set(database, (kept = new Map()));
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.n;
  const n = await count();
  kept.delete(key);
  kept.set(key, { n, until: now + COUNT_KEPT_MS });
  // A Map iterates in insertion order: the first key is the one counted longest ago.
  if (kept.size > COUNTS_KEPT) kept.delete(kept.keys().next().value!);
  return n;
}
