import { describeError } from "../../../contract/shared/log.ts";
import { aiLimits } from "../../../contract/ai/ai.ts";
import { worksForAi } from "../../db/queries/ai.ts";
import type { AiProvider, AiUsage } from "../../lib/ai-provider.ts";
import { plainText } from "../../lib/plain-text.ts";
import { queryTerms, type QueryTerm } from "../../lib/segment.ts";
import { newFence, parsePlan, planMessages, type Fence, type Passage } from "./ai-prompt.ts";
import { rankedMatches } from "../search/search.ts";
import type { Deps } from "../deps.ts";

/** Matches read per query before the works that refuse AI are left out. */
const CANDIDATES = 60;
/** Words a question is asked with, which say nothing of what it is about. */
const QUESTION_WORDS = new Set(
  "有 哪些 什么 怎么 怎样 如何 关于 一些 一下 推荐 介绍 作品 站内 本站 吗 呢 请 我 你".split(" "),
);

/** The works for one query, best first: all its words together, or, when that finds little, its words one by one. */
async function rankedIds(deps: Deps, query: string): Promise<number[]> {
  const now = deps.now();
  const terms = queryTerms(query).filter((t) => !QUESTION_WORDS.has(t.word));
  if (!terms.length) return [];
  const find = async (ts: QueryTerm[]) => (await rankedMatches(deps, { terms: ts, now }, CANDIDATES)).ranked;
  const together = await find(terms);
  if (together.length >= 3 || terms.length === 1) return together.map((c) => c.id);
  // Each word alone; a work found by more of them ranks higher, then by its place in each list.
  const score = new Map<number, number>();
  for (const c of together) score.set(c.id, 100);
  const longest = [...terms].sort((a, b) => b.word.length - a.word.length).slice(0, 4);
  for (const t of longest) {
    const found = await find([t]);
    found.forEach((c, i) => score.set(c.id, (score.get(c.id) ?? 0) + 10 - Math.min(9, i / 6)));
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}

/** The passages a query adds: works an AI may read (never a noai one), not already among `have`. */
async function passagesFor(deps: Deps, query: string, have: Passage[]): Promise<Passage[]> {
  const ids = (await rankedIds(deps, query)).filter((id) => !have.some((p) => p.artId === id));
  const rows = await worksForAi(deps.db, ids.slice(0, CANDIDATES), aiLimits.passageChars);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Passage[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    if (have.length + out.length >= aiLimits.passages) break;
    const text = plainText(`${row.summary}\n${row.text_head}`).replace(/\s+/g, " ").trim();
    out.push({
      n: have.length + out.length + 1,
      artId: row.id,
      title: row.title || text.slice(0, 20),
      author: row.nickname,
      text: text.slice(0, aiLimits.passageChars),
    });
  }
  return out;
}

export type SearchRounds = { passages: Passage[]; queries: string[]; usage: AiUsage; fence: Fence };

/**
 * 深度搜索: the question is searched first; then the model, shown what was found, may ask for a few more queries,
 * for up to aiLimits.searchRounds rounds. A plan the model fails to give ends the searching, not the answer.
 */
export async function searchRounds(
  deps: Deps,
  provider: AiProvider,
  question: string,
  signal: AbortSignal,
): Promise<SearchRounds> {
  const fence = newFence();
  const seen = new Set<string>([question]);
  const usage = { in: 0, out: 0 };
  const passages: Passage[] = [];
  const queries: string[] = [question];
  let next = [question];
  for (let round = 1; round <= aiLimits.searchRounds && next.length; round++) {
    for (const query of next) passages.push(...(await passagesFor(deps, query, passages)));
    if (round === aiLimits.searchRounds || passages.length >= aiLimits.passages) break;
    let plan: string;
    try {
      const answer = await provider.complete({
        messages: planMessages(question, passages, fence),
        signal,
        maxTokens: 200,
      });
      usage.in += answer.usage.in;
      usage.out += answer.usage.out;
      plan = answer.text;
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn("ai search plan failed", { error: describeError(err) });
      break;
    }
    next = parsePlan(plan, seen);
    queries.push(...next);
  }
  return { passages, queries, usage, fence };
}
