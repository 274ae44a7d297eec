import type { WorkRow } from "../../db/queries/works.ts";
import { ApiError } from "../../lib/errors.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { WorkCardView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { applyTaste, hasTaste, loadTaste, withoutMuted } from "./taste.ts";
import { cardsFor, listWorkCards, PAGE_SIZE, sharedWorks, type ListInput } from "../works/works.ts";
import { decodeCursor, encodeCursor } from "../paging.ts";

/** How many of the best works a taste re-ranks: the first ten pages of the home page. */
const TASTE_POOL = 240;

/**
 * The recommended list (`order=recommend`). For someone with a taste (我的口味) the home page's best works are
 * re-ranked by it: muted nodes and tags leave, loved ones rise. Past that pool the list goes on by score with
 * mutes still left out. Node, tag, kind and author lists, and visitors, get the plain ranking.
 */
export async function recommendedWorks(
  deps: Deps,
  input: ListInput,
  viewerId?: number,
  hideAi = false,
): Promise<Page<WorkCardView>> {
  const plain = () => listWorkCards(deps, { ...input, order: "score" }, viewerId);
  const filtered = input.nodeId || input.tagId || input.userId || input.type !== undefined || input.following;
  if (!viewerId || filtered) return plain();
  const taste = await loadTaste(deps, viewerId, hideAi);
  if (!hasTaste(taste)) return plain();
  const limit = Math.min(Math.max(input.limit ?? PAGE_SIZE, 1), 60);

  // Inside the pool the cursor is "t" and a position ("t24"); a keyset cursor (base64url of digits) never starts so.
  if (!input.cursor || input.cursor.startsWith("t")) {
    const offset = input.cursor ? Number(input.cursor.slice(1)) : 0;
    if (!Number.isInteger(offset) || offset < 0 || offset > TASTE_POOL)
      throw new ApiError("validation", "分页参数无效");
    const pool = await sharedWorks(deps, { order: "score", limit: TASTE_POOL });
    const inPool = pool.slice(0, TASTE_POOL);
    const ranked = await applyTaste(deps, inPool, taste);
    const page = ranked.slice(offset, offset + limit);
    const next = offset + page.length;
    const last = inPool.at(-1);
    // After the pool, the plain keyset list resumes below the pool's lowest score.
    const cursor =
      next < ranked.length ? `t${next}` : pool.length > TASTE_POOL && last ? encodeCursor(last.score, last.id) : "";
    return { results: await cardsFor(deps, page, viewerId), cursor, hasMore: !!cursor };
  }
  // Past the pool: by score, muted works left out, reading on (a few batches at most) until the page is full.
  const shown: WorkRow[] = [];
  let after = decodeCursor(input.cursor);
  let more = true;
  for (let batch = 0; batch < 4 && more && shown.length < limit; batch++) {
    const rows = await sharedWorks(deps, { order: "score", after, limit });
    const kept = new Set((await withoutMuted(deps, rows.slice(0, limit), taste)).map((w) => w.id));
    more = rows.length > limit;
    for (const [i, row] of rows.slice(0, limit).entries()) {
      after = { key: row.score, id: row.id };
      if (kept.has(row.id)) shown.push(row);
      if (shown.length === limit) {
        more ||= i < limit - 1;
        break;
      }
    }
  }
  const cursor = more && after ? encodeCursor(after.key, after.id) : "";
  return { results: await cardsFor(deps, shown, viewerId), cursor, hasMore: !!cursor };
}
