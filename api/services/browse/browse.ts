import { findTag, pageTags } from "../../db/queries/tags.ts";
import { pageWorks, recentPool, type WorkFilter, type WorkRow } from "../../db/queries/works.ts";
import { viewerHabits } from "../../db/queries/habits.ts";
import { ApiError } from "../../lib/errors.ts";
import type { Numbered, Page } from "../../../contract/shared/page.ts";
import type { TagView } from "../../../contract/site/views.ts";
import type { WorkCardView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { cardsFor, PAGE_SIZE } from "../works/works.ts";
import { hasTaste, loadTaste, withoutMuted } from "./taste.ts";

export const NUMBERED_PAGE_SIZE = 24;
export const TAG_PAGE_SIZE = 60;

/** A numbered page of works (`/projects/:page`, `/links/:page`); a page past the end is a 404. */
export async function pageWorkCards(
  deps: Deps,
  filter: WorkFilter,
  page: number,
  viewerId?: number,
): Promise<Numbered<WorkCardView>> {
  const { rows, total } = await pageWorks(deps.db, filter, (page - 1) * NUMBERED_PAGE_SIZE, NUMBERED_PAGE_SIZE);
  const totalPages = Math.max(1, Math.ceil(total / NUMBERED_PAGE_SIZE));
  if (page > totalPages) throw new ApiError("notFound", "没有这一页");
  return { results: await cardsFor(deps, rows, viewerId), page, totalPages, total };
}

export async function listTagPage(deps: Deps, page: number): Promise<Numbered<TagView>> {
  const { rows, total } = await pageTags(deps.db, (page - 1) * TAG_PAGE_SIZE, TAG_PAGE_SIZE);
  const totalPages = Math.max(1, Math.ceil(total / TAG_PAGE_SIZE));
  if (page > totalPages) throw new ApiError("notFound", "没有这一页");
  return {
    results: rows.map((t) => ({ tagId: t.id, name: t.name, workCount: t.work_count })),
    page,
    totalPages,
    total,
  };
}

export async function tagInfo(deps: Deps, id: number): Promise<TagView> {
  const tag = await findTag(deps.db, id);
  if (!tag) throw new ApiError("notFound", "标签不存在");
  return { tagId: tag.id, name: tag.name, workCount: tag.work_count };
}

const DIFFERENT_WINDOW_MS = 30 * 86_400_000;
const POOL = 400;

/**
 * New horizons (`/different`): good recent works (the month's best by score) from nodes and people outside the
 * viewer's habits (their three most frequent nodes, the people they follow or liked), dealt out one node at a
 * time so a page is varied. A visitor, having no habits, gets the varied mix of everything. Works from familiar
 * places fill in after the new ones run out. The cursor is the position in that order.
 */
export async function differentWorks(
  deps: Deps,
  cursor: string | undefined,
  viewerId?: number,
  hideAi = false,
): Promise<Page<WorkCardView>> {
  const offset = cursor ? Number(cursor) : 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > POOL) throw new ApiError("validation", "分页参数无效");
  const [recent, habits, taste] = await Promise.all([
    recentPool(deps.db, deps.now() - DIFFERENT_WINDOW_MS, POOL),
    viewerId ? viewerHabits(deps.db, viewerId) : { nodeIds: [] as number[], authorIds: [] as number[] },
    loadTaste(deps, viewerId, hideAi),
  ]);
  // What the viewer muted never shows; what they love counts as familiar, so new horizons looks past it.
  const pool = hasTaste(taste) ? await withoutMuted(deps, recent, taste) : recent;
  const familiar = (w: WorkRow) =>
    w.user_id === viewerId ||
    habits.nodeIds.includes(w.node_id ?? -1) ||
    taste.lovedNodes.has(w.node_id ?? -1) ||
    habits.authorIds.includes(w.user_id);
  const ordered = [...interleaveByNode(pool.filter((w) => !familiar(w))), ...interleaveByNode(pool.filter(familiar))];
  const slice = ordered.slice(offset, offset + PAGE_SIZE);
  const next = offset + slice.length;
  return {
    results: await cardsFor(deps, slice, viewerId),
    cursor: next < ordered.length ? String(next) : "",
    hasMore: next < ordered.length,
  };
}

/** Deals works out round-robin by node, keeping each node's own best-first order. */
export function interleaveByNode<T extends { node_id: number | null }>(works: T[]): T[] {
  const byNode = new Map<number, T[]>();
  for (const w of works) {
    const key = w.node_id ?? 0;
    byNode.set(key, [...(byNode.get(key) ?? []), w]);
  }
  const queues = [...byNode.values()];
  const out: T[] = [];
  for (let round = 0; out.length < works.length; round++) {
    for (const q of queues) if (q[round]) out.push(q[round]);
  }
  return out;
}
