import { listPicks } from "../../db/queries/curation.ts";
import type { PickView } from "../../../contract/curation/views.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { Deps } from "../deps.ts";
import { decodeCursor, keysetPage } from "../paging.ts";
import { cardsFor } from "../works/works.ts";

/** 编辑精选 (issue 59): the works the admins picked, the latest first, each with why; shared by everyone's pages. */
export async function pagePicks(
  deps: Deps,
  input: { cursor?: string; limit?: number },
  viewerId?: number,
): Promise<Page<PickView>> {
  const limit = Math.min(Math.max(input.limit ?? 24, 1), 60);
  const after = decodeCursor(input.cursor);
  const key = JSON.stringify(["picks", limit, after ? [after.key, after.id] : null]);
  const rows = await deps.listings.rows(key, () => listPicks(deps.db, after, limit));
  const { page, hasMore, cursor } = keysetPage(rows, limit, (r) => Number(r.recommended_at));
  const cards = await cardsFor(deps, page, viewerId);
  return {
    results: page.map((r, i) => ({ work: cards[i], reason: r.recommend_reason, pickedAt: Number(r.recommended_at) })),
    cursor,
    hasMore,
  };
}
