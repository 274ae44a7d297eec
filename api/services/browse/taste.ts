import {
  existingIds,
  hidesAi,
  replaceTaste,
  setHidesAi,
  tagNames,
  tagsOfWorks,
  tasteOf,
  type TasteEntry,
} from "../../db/queries/taste.ts";
import { AiLabel } from "../../../contract/works/rights.ts";
import { fieldError } from "../../lib/errors.ts";
import type { TasteView } from "../../../contract/people/views.ts";
import type { Deps } from "../deps.ts";

/** What a person's taste says about works: the nodes and tags they love, and those they muted. */
export type Taste = {
  lovedNodes: Set<number>;
  mutedNodes: Set<number>;
  lovedTags: Set<number>;
  mutedTags: Set<number>;
  /** Works labelled AI 生成 leave their lists. */
  hideAi: boolean;
};

export const NO_TASTE: Taste = {
  lovedNodes: new Set(),
  mutedNodes: new Set(),
  lovedTags: new Set(),
  mutedTags: new Set(),
  hideAi: false,
};

/** The taste of `userId`; lists pass `hideAi` from the session's user, which has it already (no second query). */
export async function loadTaste(deps: Deps, userId: number | undefined, hideAi?: boolean): Promise<Taste> {
  if (!userId) return NO_TASTE;
  const [entries, hidden] = await Promise.all([tasteOf(deps.db, userId), hideAi ?? hidesAi(deps.db, userId)]);
  const pick = (target: "node" | "tag", loved: boolean) =>
    new Set(entries.filter((e) => e.target === target && e.weight > 0 === loved).map((e) => e.target_id));
  return {
    lovedNodes: pick("node", true),
    mutedNodes: pick("node", false),
    lovedTags: pick("tag", true),
    mutedTags: pick("tag", false),
    hideAi: hidden,
  };
}

export const hasTaste = (t: Taste) =>
  t.hideAi || t.lovedNodes.size + t.mutedNodes.size + t.lovedTags.size + t.mutedTags.size > 0;

/** The taste as the 我的口味 page shows it: ids, with the tags' names (nodes the page knows already). */
export async function getTaste(deps: Deps, userId: number): Promise<TasteView> {
  const t = await loadTaste(deps, userId);
  const names = new Map(
    (await tagNames(deps.db, [...t.lovedTags, ...t.mutedTags])).map((r) => [r.id, r.name] as const),
  );
  const tags = (ids: Set<number>) =>
    [...ids].filter((id) => names.has(id)).map((id) => ({ tagId: id, name: names.get(id)! }));
  return {
    lovedNodes: [...t.lovedNodes],
    mutedNodes: [...t.mutedNodes],
    lovedTags: tags(t.lovedTags),
    mutedTags: tags(t.mutedTags),
    hideAi: t.hideAi,
  };
}

export type TasteInput = {
  lovedNodes: number[];
  mutedNodes: number[];
  lovedTags: number[];
  mutedTags: number[];
  hideAi: boolean;
};

/** Replaces the whole taste; something loved and muted at once, or that does not exist, is refused. */
export async function saveTaste(deps: Deps, userId: number, input: TasteInput): Promise<TasteView> {
  for (const [loved, muted, field, what] of [
    [input.lovedNodes, input.mutedNodes, "mutedNodes", "节点"],
    [input.lovedTags, input.mutedTags, "mutedTags", "标签"],
  ] as const) {
    if (loved.some((id) => muted.includes(id))) throw fieldError("validation", field, `同一个${what}不能既喜欢又屏蔽`);
  }
  const [nodes, tags] = await Promise.all([
    existingIds(deps.db, "nodes", [...input.lovedNodes, ...input.mutedNodes]),
    existingIds(deps.db, "tags", [...input.lovedTags, ...input.mutedTags]),
  ]);
  if ([...input.lovedNodes, ...input.mutedNodes].some((id) => !nodes.has(id)))
    throw fieldError("validation", "lovedNodes", "节点不存在");
  if ([...input.lovedTags, ...input.mutedTags].some((id) => !tags.has(id)))
    throw fieldError("validation", "lovedTags", "标签不存在");
  const entries: TasteEntry[] = [
    ...[...new Set(input.lovedNodes)].map((id) => ({ target: "node" as const, target_id: id, weight: 1 })),
    ...[...new Set(input.mutedNodes)].map((id) => ({ target: "node" as const, target_id: id, weight: -1 })),
    ...[...new Set(input.lovedTags)].map((id) => ({ target: "tag" as const, target_id: id, weight: 1 })),
    ...[...new Set(input.mutedTags)].map((id) => ({ target: "tag" as const, target_id: id, weight: -1 })),
  ];
  await deps.db.transaction().execute(async (trx) => {
    await replaceTaste(trx, userId, entries, deps.now());
    await setHidesAi(trx, userId, input.hideAi);
  });
  return getTaste(deps, userId);
}

/** A loved node or tag lifts a work by this much of its score in the recommended list. */
const LOVED_BOOST = 0.5;

type Placed = { id: number; node_id: number | null; ai_label: number };

/** A work this taste leaves out: labelled AI 生成 when AI works are hidden. */
const leftOut = (taste: Taste, w: Placed) => taste.hideAi && w.ai_label === AiLabel.generated;

/** Tells, for works whose tags were looked up once for the lot, whether each is in these nodes or has these tags. */
async function matcher(deps: Deps, works: Placed[], needTags: boolean) {
  const tags = needTags
    ? await tagsOfWorks(
        deps.db,
        works.map((w) => w.id),
      )
    : new Map<number, number[]>();
  return (w: Placed, nodes: Set<number>, tagIds: Set<number>) =>
    nodes.has(w.node_id ?? -1) || (tags.get(w.id) ?? []).some((t) => tagIds.has(t));
}

/** Recommended works for someone with a taste: muted works leave, loved ones rise (score × 1.5), the rest keep their order. */
export async function applyTaste<W extends Placed & { score: number }>(
  deps: Deps,
  works: W[],
  taste: Taste,
): Promise<W[]> {
  const inside = await matcher(deps, works, taste.lovedTags.size + taste.mutedTags.size > 0);
  return works
    .filter((w) => !leftOut(taste, w) && !inside(w, taste.mutedNodes, taste.mutedTags))
    .map((w, i) => ({ w, i, key: w.score * (inside(w, taste.lovedNodes, taste.lovedTags) ? 1 + LOVED_BOOST : 1) }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .map((x) => x.w);
}

/** The works minus those in a muted node or carrying a muted tag, in their order. */
export async function withoutMuted<W extends Placed>(deps: Deps, works: W[], taste: Taste): Promise<W[]> {
  if (!taste.mutedNodes.size && !taste.mutedTags.size && !taste.hideAi) return works;
  const inside = await matcher(deps, works, taste.mutedTags.size > 0);
  return works.filter((w) => !leftOut(taste, w) && !inside(w, taste.mutedNodes, taste.mutedTags));
}
