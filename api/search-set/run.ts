import type { Deps } from "../services/deps.ts";
import { insertUser } from "../db/queries/users.ts";
import { ensureTags, setWorkTags } from "../db/queries/publish.ts";
import { indexWorks } from "../services/search/search-index.ts";
import { searchArt } from "../services/search/search.ts";
import { corpus } from "./corpus.ts";
import { queries, type QueryKind, type SetQuery } from "./queries.ts";

const DAY = 86_400_000;

/** Writes the set's works into an empty database, indexed as publishing does; answers each work's key by id. */
export async function loadSet(deps: Deps): Promise<Map<number, string>> {
  const now = deps.now();
  const author = await insertUser(deps.db, {
    username: "setauthor",
    nickname: "青禾",
    password_hash: "-",
    created_at: now,
    updated_at: now,
  });
  const nodes = new Map<string, number>();
  const keys = new Map<number, string>();
  for (const w of corpus()) {
    let nodeId: number | null = null;
    if (w.node) {
      nodeId = nodes.get(w.node) ?? null;
      if (nodeId === null) {
        const row = await deps.db
          .insertInto("nodes")
          .values({ name: w.node, created_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        nodes.set(w.node, (nodeId = row.id));
      }
    }
    const at = now - (w.daysAgo ?? 30) * DAY;
    const { id } = await deps.db
      .insertInto("works")
      .values({
        type: 1,
        user_id: author,
        node_id: nodeId,
        title: w.title,
        content: w.text,
        like_count: w.likes ?? 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (w.tags) await setWorkTags(deps.db, id, await ensureTags(deps.db, w.tags, now));
    keys.set(id, w.key);
  }
  await indexWorks(deps.db, deps.dialect, [...keys.keys()]);
  return keys;
}

export type QueryOutcome = SetQuery & {
  top: string[];
  recall: number;
  precision: number;
  /** A near-miss shown as a real match, or above one (labelled ones after every real match are as they should be). */
  nearMissInTop: boolean;
};

/** Runs one query: its first ten results by key, and how they measure against what it should find. */
export async function runQuery(deps: Deps, keys: Map<number, string>, q: SetQuery): Promise<QueryOutcome> {
  const { results } = await searchArt(deps, { keyword: q.keyword, timeRange: 0, page: 1 });
  const first = results.slice(0, 10);
  const top = first.map((r) => keys.get(r.artId) ?? `#${r.artId}`);
  const relevant = new Set(q.relevant);
  const found = top.filter((k) => relevant.has(k)).length;
  // What the page claims as matching: everything but what it labels less relevant (相关度较低的结果).
  const claimed = top.filter((k, i) => !first[i].nearMiss || relevant.has(k));
  const lastRelevant = Math.max(-1, ...top.map((k, i) => (relevant.has(k) ? i : -1)));
  return {
    ...q,
    top,
    recall: found / Math.min(10, relevant.size),
    // Of what the first page's top ten claims, the share that is relevant (a query that finds nothing shows nothing wrong).
    precision: claimed.length ? found / claimed.length : 1,
    nearMissInTop: top.some((k, i) => q.nearMiss?.includes(k) && (!first[i].nearMiss || i < lastRelevant)),
  };
}

export type KindFigures = { kind: QueryKind; queries: number; recall: number; precision: number; nearMiss: number };

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Recall@10 and precision@10 averaged over queries, and the share of near-miss queries with one in the top ten. */
export function figures(outcomes: QueryOutcome[], kind: QueryKind | "all"): KindFigures {
  const of = kind === "all" ? outcomes : outcomes.filter((o) => o.kind === kind);
  const catching = of.filter((o) => o.nearMiss?.length);
  return {
    kind: kind as QueryKind,
    queries: of.length,
    recall: mean(of.map((o) => o.recall)),
    precision: mean(of.map((o) => o.precision)),
    nearMiss: catching.length ? catching.filter((o) => o.nearMissInTop).length / catching.length : 0,
  };
}

/** The whole set on the database behind `deps` (empty but migrated). */
export async function runSet(deps: Deps): Promise<QueryOutcome[]> {
  const keys = await loadSet(deps);
  const outcomes: QueryOutcome[] = [];
  for (const q of queries) outcomes.push(await runQuery(deps, keys, q));
  return outcomes;
}

export const kinds: QueryKind[] = [
  "near-miss",
  "variant",
  "word",
  "phrase",
  "tag",
  "two words",
  "character",
  "inside",
  "sparse",
  "compound",
];
