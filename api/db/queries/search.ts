import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { Dialect } from "../index.ts";
import type { QueryTerm } from "../../lib/segment.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { AiLabel } from "../../../contract/works/rights.ts";
import { chinaDay } from "../../lib/china-time.ts";
import { countPg, matchPg, writePgDocs } from "./search-pg.ts";

/**
 * The search index, one row per live work: FTS5 (contentless) on SQLite, a tsvector under a GIN index on
 * PostgreSQL. Terms arrive segmented (lib/segment.ts) and hold only letters and digits, so nothing here is syntax
 * a user wrote. Columns, by weight: the title, the tags, node and author (meta), the text (body), and the text as
 * single characters (chars), which finds what jieba cut differently and single-character keywords.
 */
export type SearchDoc = {
  title: string[];
  meta: string[];
  body: string[];
  chars: string[];
  /** What filters read: the node, the kind and when it was published. */
  facts: { nodeId: number | null; type: number; createdAt: number; ai: number };
};

/**
 * Filters as terms of their own column (SQLite): the node, the kind and the day (China time) a work was published,
 * so a filtered search narrows inside the index instead of looking up every match's row.
 */
function facetTerms(facts: SearchDoc["facts"]): string {
  return [`node${facts.nodeId ?? 0}`, `kind${facts.type}`, `day${chinaDay(facts.createdAt)}`, `ai${facts.ai}`].join(
    " ",
  );
}

/**
 * What a term weighs where it is found as a word: in the title, among the tags, node and author (meta), or anywhere
 * (each match holds every term somewhere). A work's relevance is the sum over the keyword's terms, computed alike on
 * both engines, so the same works come in the same order on SQLite and PostgreSQL.
 */
export const PRESENCE = { title: 10, meta: 5, anywhere: 1 } as const;
export type Presence = typeof PRESENCE;
/**
 * Only the newest this many matches of a keyword are ranked by relevance: for so common a keyword the newer works
 * are the ones wanted, and 2,000 is a hundred pages of them.
 */
export const RANKED_MATCHES = 2_000;

/** Whether the index holds no row at all (made empty by migration 0009, or emptied by hand). */
export async function searchIndexEmpty(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  const column = dialect === "sqlite" ? sql.raw("rowid") : sql.raw("work_id");
  const { rows } = await sql`select ${column} from work_search limit 1`.execute(db);
  return rows.length === 0;
}

/** Removes the rows of works that are no longer live (after a rebuild wrote every live one). */
export async function dropStaleSearchDocs(db: Kysely<DB>, dialect: Dialect) {
  // An anti-join: PostgreSQL runs `not in (subquery)` row by row once the ids outgrow work_mem.
  const rowid = dialect === "sqlite" ? sql.raw("work_search.rowid") : sql.raw("work_search.work_id");
  await sql`delete from work_search where not exists (
    select 1 from works w where w.id = ${rowid} and w.status = ${WorkStatus.live})`.execute(db);
  if (dialect === "sqlite") await sql`insert into work_search(work_search) values ('optimize')`.execute(db);
}

/** Writes (or rewrites) the index rows of these works. */
export async function writeSearchDocs(db: Kysely<DB>, dialect: Dialect, docs: { id: number; doc: SearchDoc }[]) {
  if (!docs.length) return;
  if (dialect === "postgres") return writePgDocs(db, docs);
  for (const { id, doc } of docs)
    await sql`insert or replace into work_search(rowid, title, meta, body, chars, facets) values (${id}, ${doc.title.join(" ")}, ${doc.meta.join(" ")}, ${doc.body.join(" ")}, ${doc.chars.join(" ")}, ${facetTerms(doc.facts)})`.execute(
      db,
    );
}

export async function dropSearchDocs(db: Kysely<DB>, dialect: Dialect, ids: number[]) {
  if (!ids.length) return;
  const column = dialect === "sqlite" ? sql.raw("rowid") : sql.raw("work_id");
  await sql`delete from work_search where ${column} in (${sql.join(ids)})`.execute(db);
}

/**
 * An FTS5 expression: every term, as a word in the word columns or (`any`) also as a phrase of its characters.
 * `strong` is the words alone, `weak` what only the characters give: 国画 in 英国画家. One character or one latin word
 * is its own phrase, and as strong as a word.
 */
export function ftsExpression(terms: QueryTerm[], tier: Tier = "any"): string {
  if (tier === "weak") return `((${ftsExpression(terms)}) NOT (${ftsExpression(terms, "strong")}))`;
  return terms
    .map((t) => {
      const star = t.prefix ? "*" : "";
      const word = `{title meta body} : "${t.word}"${star}`;
      if (tier === "strong" && t.chars.length > 1) return word;
      return `(${word} OR chars : "${t.chars.join(" ")}"${star})`;
    })
    .join(" AND ");
}

/** Which matches: every one, those holding each term as a word, or those where some term is only characters. */
export type Tier = "any" | "strong" | "weak";

export type MatchFilter = {
  terms: QueryTerm[];
  tier?: Tier;
  nodeId?: number;
  type?: number;
  since?: number;
  now: number;
  /** Leave out works labelled AI 生成. */
  noAi?: boolean;
};

/** The keyword's expression and, as facet terms, the filters: the days of a time range name each day in it. */
function ftsFiltered(f: MatchFilter): string {
  const facets: string[] = [];
  if (f.nodeId) facets.push(`"node${f.nodeId}"`);
  if (f.type !== undefined) facets.push(`"kind${f.type}"`);
  if (f.since) {
    const days = [];
    for (let d = chinaDay(f.since); d <= chinaDay(f.now); d++) days.push(`"day${d}"`);
    facets.push(`(${days.join(" OR ")})`);
  }
  const expression = [ftsExpression(f.terms, f.tier), ...facets.map((x) => `facets : ${x}`)].join(" AND ");
  // Documents written before the label existed have no ai term; their works were all unlabelled then.
  return f.noAi ? `(${expression}) NOT facets : "ai${AiLabel.generated}"` : expression;
}
/** A match as the ranking reads it: relevance (PRESENCE), how many of the keyword's terms its title holds, likes, age. */
export type Candidate = { id: number; relevance: number; titled: number; like_count: number; created_at: number };

function filters(f: MatchFilter) {
  return sql.join(
    [
      sql`w.status = ${WorkStatus.live}`,
      ...(f.nodeId ? [sql`w.node_id = ${f.nodeId}`] : []),
      ...(f.type !== undefined ? [sql`w.type = ${f.type}`] : []),
      ...(f.since ? [sql`w.created_at >= ${f.since}`] : []),
      ...(f.noAi ? [sql`w.ai_label <> ${AiLabel.generated}`] : []),
    ],
    sql` and `,
  );
}

/**
 * The best text matches (at most `limit`) with what the ranking blends in: the title, likes and age. Higher
 * relevance is better (PRESENCE). When a keyword matches more than RANKED_MATCHES works, only the newest that many
 * compete. `all` tells whether these are all the matches (else countMatches says how many there are).
 */
export async function matchWorks(
  db: Kysely<DB>,
  dialect: Dialect,
  f: MatchFilter,
  limit: number,
  ranked = RANKED_MATCHES,
) {
  if (dialect === "postgres") {
    const rows = await matchPg(db, f, limit, ranked, PRESENCE);
    return { rows, all: rows.length < Math.min(limit, ranked) };
  }
  const expr = ftsFiltered(f);
  // Newest first is a walk backwards through the posting lists: milliseconds, however many match.
  const newest = await newestIds(db, expr, ranked);
  const many = newest.length >= ranked;
  const rows = await rowsOf(db, f, await presenceScores(db, f, expr, newest, many), limit);
  return { rows, all: newest.length < Math.min(limit, ranked) };
}

async function newestIds(db: Kysely<DB>, match: string, limit: number, from?: number) {
  const { rows } = await sql<{ id: number }>`
    select rowid as id from work_search where work_search match ${match}
    ${from === undefined ? sql`` : sql`and rowid >= ${from}`}
    order by rowid desc limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Each match's relevance (PRESENCE): which of them hold each term in the title and in the meta column. When the
 * matches are the newest `ranked` of many, they lie close together, and each column's list is read over their span
 * of ids (titles and names are short: few entries); when they are all the matches there are, they may be spread
 * over every id, and the index is asked for the match expression and the term in that column together.
 */
async function presenceScores(db: Kysely<DB>, f: MatchFilter, expr: string, newest: number[], many: boolean) {
  const score = new Map(newest.map((id) => [id, f.terms.length * PRESENCE.anywhere]));
  const titled = new Map<number, number>();
  if (!newest.length) return { score, titled };
  const oldest = newest[newest.length - 1];
  for (const t of f.terms) {
    const star = t.prefix ? "*" : "";
    for (const column of ["title", "meta"] as const) {
      const inColumn = `${column} : "${t.word}"${star}`;
      const ids = many
        ? await newestIds(db, inColumn, Number.MAX_SAFE_INTEGER, oldest)
        : await newestIds(db, `(${expr}) AND ${inColumn}`, newest.length, oldest);
      for (const id of ids) {
        const s = score.get(id);
        if (s === undefined) continue;
        score.set(id, s + PRESENCE[column]);
        if (column === "title") titled.set(id, (titled.get(id) ?? 0) + 1);
      }
    }
  }
  return { score, titled };
}

/** The best-scored ids as candidates, read with the filters that hold exactly (a time range to the millisecond). */
async function rowsOf(
  db: Kysely<DB>,
  f: MatchFilter,
  { score, titled }: Awaited<ReturnType<typeof presenceScores>>,
  limit: number,
): Promise<Candidate[]> {
  const best = [...score].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit);
  if (!best.length) return [];
  const { rows } = await sql<Pick<Candidate, "id" | "like_count" | "created_at">>`
    select w.id, w.like_count, w.created_at from works w
    where w.id in (${sql.join(best.map(([id]) => id))}) and ${filters(f)}`.execute(db);
  return rows.map((r) => ({ ...r, relevance: score.get(r.id) ?? 0, titled: titled.get(r.id) ?? 0 }));
}

/**
 * How many live works match, with the same filters (on SQLite, a time range counts whole days), counting no further
 * than `upTo`: more answers `upTo + 1`. The index stops reading there, where a whole count reads every posting.
 */
export async function countMatches(db: Kysely<DB>, dialect: Dialect, f: MatchFilter, upTo: number): Promise<number> {
  if (dialect === "postgres") return countPg(db, f, upTo);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (
    select 1 from work_search where work_search match ${ftsFiltered(f)} limit ${upTo + 1})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
