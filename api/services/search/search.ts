import { cardsWithText } from "../../db/queries/cards-by-id.ts";
import { nameAndAvatar } from "../people/users.ts";

import { countMatches, matchWorks, type Candidate, type MatchFilter } from "../../db/queries/search.ts";
import { findNodes, findPeople, findTags } from "../../db/queries/search-names.ts";
import { tagsOfWorks } from "../../db/queries/search-sources.ts";
import { markAll, snippet } from "../../lib/highlight.ts";
import { plainText } from "../../lib/plain-text.ts";
import { charTerms, normalize, partsOf, queryTerms, type QueryTerm } from "../../lib/segment.ts";
import { nicknameKey } from "../../../contract/people/identity.ts";
import { searchPaging, searchTimeRanges } from "../../../contract/search/search.ts";
import type {
  PeopleSearchResult,
  SearchHitView,
  SearchResult,
  SearchSuggestions,
} from "../../../contract/search/views.ts";
import type { Deps } from "../deps.ts";
import { peopleViews } from "../people/people.ts";
import { cardsFor } from "../works/works.ts";
import { keptCount } from "./match-counts.ts";

export type SearchInput = {
  keyword: string;
  nodeId?: number;
  timeRange: number;
  type?: number;
  page: number;
  /** Leave out works labelled AI 生成. */
  noAi?: boolean;
};

const DAY = 86_400_000;
/** Freshness halves every month; likes count by their logarithm, so a hundred likes is not a hundred times one. */
const FRESH_HALF_LIFE = 30 * DAY;
const FRESH_WEIGHT = 0.3;
const LIKES_WEIGHT = 0.1;
/**
 * A title that says the keyword as a word is the strongest sign of all: raised again here, so among works that hold
 * the words in the same places, a long article titled with the keyword still beats one-line posts filed under it.
 */
const TITLE_WEIGHT = 0.6;

/**
 * The order of results: text relevance first (scaled to the best match), raised by the share of the keyword's terms
 * the title holds as words (`titled`, from the index), freshness and likes. A strong match stays above a weak one
 * that is merely new or popular; among close matches the newer and loved come first.
 */
export function blend(candidates: Candidate[], now: number, terms = 1): Candidate[] {
  const best = Math.max(...candidates.map((c) => c.relevance), Number.MIN_VALUE);
  const weight = (c: Candidate) => {
    const age = Math.max(0, now - c.created_at);
    return (
      (c.relevance / best) *
      (1 + (TITLE_WEIGHT * c.titled) / Math.max(1, terms)) *
      (1 + LIKES_WEIGHT * Math.log1p(Math.max(0, c.like_count))) *
      (1 + FRESH_WEIGHT * 0.5 ** (age / FRESH_HALF_LIFE))
    );
  };
  return candidates
    .map((c) => ({ c, w: weight(c) }))
    .sort((a, b) => b.w - a.w || b.c.id - a.c.id)
    .map((x) => x.c);
}

/** The keyword with each compound it holds read as the part it begins with (水彩画 → 水彩); null if none is one. */
function partTerms(terms: QueryTerm[]): QueryTerm[] | null {
  let changed = false;
  const out = terms.map((t) => {
    const [part] = partsOf(t.word);
    if (!part) return t;
    changed = true;
    return { word: part, chars: charTerms(part), prefix: false };
  });
  return changed ? out : null;
}

/**
 * Matches in their order, and how many of the first are real ones. Works holding every word of the keyword as a word
 * come first. Only when they do not fill a page (issue 53: on a sparse keyword near-misses filled the first ten) do
 * the less relevant follow, after every real match whatever their title, likes or age: works holding the parts of a
 * compound of the keyword (水彩 for 水彩画), then those where some word is only its characters side by side (国画 in
 * 英国画家). `all`: these are every match the keyword has (else countMatches says how many real ones there are).
 */
export async function rankedMatches(
  deps: Deps,
  filter: MatchFilter,
  cap: number,
  page: number = searchPaging.pageSize,
) {
  const { now, terms } = filter;
  const strong = await matchWorks(deps.db, deps.dialect, { ...filter, tier: "strong" }, cap);
  const ranked = blend(strong.rows, now, terms.length);
  if (ranked.length >= page) return { ranked, all: strong.all, real: ranked.length };
  const seen = new Set(ranked.map((c) => c.id));
  const lower: Candidate[] = [];
  const more = async (f: MatchFilter) => {
    const found = await matchWorks(deps.db, deps.dialect, f, cap);
    lower.push(...blend(found.rows, now, terms.length).filter((c) => !seen.has(c.id) && seen.add(c.id)));
  };
  const parts = partTerms(terms);
  if (parts) await more({ ...filter, terms: parts, tier: "strong" });
  if (terms.some((t) => t.chars.length > 1)) await more({ ...filter, tier: "weak" });
  return { ranked: [...ranked, ...lower].slice(0, cap), all: true, real: ranked.length };
}

/**
 * Works for a keyword (requirements §7 POST /api/search/art): matched through the index on every word of it, filtered by
 * node, kind and time, ranked by blend(), with the title and the passage that matched marked.
 */
export async function searchArt(
  deps: Deps,
  input: SearchInput,
  viewerId?: number,
  paging: { pageSize: number; maxPages: number; countedUpTo: number } = searchPaging,
): Promise<SearchResult> {
  const { pageSize, maxPages, countedUpTo } = paging;
  const terms = queryTerms(input.keyword);
  const none: SearchResult = {
    keyword: input.keyword,
    results: [],
    total: 0,
    totalCapped: false,
    page: input.page,
    totalPages: 0,
    hasMore: false,
  };
  // A keyword of punctuation alone has nothing to look for.
  if (!terms.length) return none;
  const span = searchTimeRanges.find((r) => r.value === input.timeRange)?.span ?? 0;
  const now = deps.now();
  const since = span ? now - span : undefined;
  const filter = { terms, nodeId: input.nodeId, type: input.type, since, now, noAi: input.noAi };
  const { ranked, all, real } = await rankedMatches(deps, filter, pageSize * maxPages, pageSize);
  // Counting is needed only when there are more matches than the ranking read; the count is kept a minute.
  const counted = [
    terms.map((t) => t.word).join(" "),
    input.nodeId,
    input.type,
    input.timeRange,
    input.noAi,
    countedUpTo,
  ];
  const found = all
    ? ranked.length
    : await keptCount(deps.db, JSON.stringify(counted), now, () =>
        countMatches(deps.db, deps.dialect, { ...filter, tier: "strong" }, countedUpTo),
      );
  const total = Math.min(found, countedUpTo);
  const totalCapped = found > countedUpTo;
  const totalPages = Math.min(Math.ceil(total / pageSize), maxPages);
  const start = (input.page - 1) * pageSize;
  const ids = ranked.slice(start, start + pageSize).map((c) => c.id);
  const lowerFrom = new Set(ranked.slice(real).map((c) => c.id));
  // Where the less relevant follow, the part of a compound they were found by is marked too (水彩 for 水彩画).
  const needles = [
    ...terms.map((t) => t.word),
    ...(real < ranked.length ? (partTerms(terms) ?? []) : []).map((t) => t.word),
  ];
  if (!ids.length) return { ...none, total, totalCapped, totalPages };
  const [rows, tags] = await Promise.all([cardsWithText(deps.db, ids), tagsOfWorks(deps.db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const cards = await cardsFor(deps, ordered, viewerId);
  const results: SearchHitView[] = cards.map((card, i) => {
    const row = ordered[i];
    return {
      ...card,
      ...(lowerFrom.has(card.artId) ? { nearMiss: true } : {}),
      commentCount: row.comment_count,
      titleMarks: markAll(card.title, needles),
      snippet: snippet(plainText(`${row.summary} ${row.content}`), needles),
      tags: (tags.get(card.artId) ?? []).map((t) => ({
        tagId: t.id,
        name: t.name,
        hit: markAll(t.name, needles).some((r) => r.hit),
      })),
    };
  });
  const hasMore = input.page < totalPages;
  return { keyword: input.keyword, results, total, totalCapped, page: input.page, totalPages, hasMore };
}

/** The forms of a keyword a name is compared in: as typed and as search writes it (國畫 → 国画), lower case. */
function nameKeys(keyword: string): string[] {
  return [...new Set([nicknameKey(keyword), nicknameKey(normalize(keyword))])].filter(Boolean);
}

/** People by nickname or username, most followed first. */
export async function searchPeople(
  deps: Deps,
  input: { keyword: string; page: number },
  viewerId?: number,
): Promise<PeopleSearchResult> {
  const size = searchPaging.peoplePageSize;
  const keys = nameKeys(input.keyword);
  const rows = keys.length ? await findPeople(deps.db, keys, (input.page - 1) * size, size + 1) : [];
  const views = await peopleViews(deps, rows.slice(0, size), viewerId);
  return {
    keyword: input.keyword,
    results: views.map((p) => ({ ...p, nicknameMarks: markAll(p.nickname, keys) })),
    page: input.page,
    hasMore: rows.length > size,
  };
}

/** What the search box offers while one types: nodes, tags and people whose names hold the text. */
export async function suggest(deps: Deps, keyword: string): Promise<SearchSuggestions> {
  const keys = nameKeys(keyword.slice(0, 30));
  if (!keys.length) return { nodes: [], tags: [], people: [] };
  const n = searchPaging.suggestions;
  const [nodes, tags, people] = await Promise.all([
    findNodes(deps.db, keys, n),
    findTags(deps.db, keys, n),
    findPeople(deps.db, keys, 0, n),
  ]);
  return {
    nodes: nodes.map((r) => ({ nodeId: r.id, name: r.name })),
    tags: tags.map((r) => ({ tagId: r.id, name: r.name })),
    people: people.map((r) => ({ ...nameAndAvatar(r.id, r), avatar: r.avatar })),
  };
}
