import type { Deps } from "../deps.ts";

/**
 * Posters drawn are stored (the media store every process shares) by work and the time it was last changed, so a
 * poster is drawn once for the whole site and an edit draws it again; a few are kept in memory besides.
 */
const KEPT = 64;
/** Per store: the memory stands for what the store holds. */
const keptBy = new WeakMap<object, Map<string, Buffer>>();
export const keptIn = (deps: Deps) => {
  let kept = keptBy.get(deps.storage);
  if (!kept) keptBy.set(deps.storage, (kept = new Map()));
  return kept;
};
export const posterKey = (id: number, updatedAt: number) => `posters/${id}-${updatedAt}.png`;

export function remember(kept: Map<string, Buffer>, key: string, png: Buffer) {
  kept.delete(key);
  kept.set(key, png);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}

/** An edited or deleted work's stored poster goes (best effort: a stale one is never served, its key is dated). */
export async function forgetPoster(deps: Deps, id: number, updatedAt: number) {
  keptIn(deps).delete(posterKey(id, updatedAt));
  await deps.storage.remove(posterKey(id, updatedAt)).catch(() => undefined);
}
