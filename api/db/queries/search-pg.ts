import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { AiLabel } from "../../../contract/works/rights.ts";
import type { QueryTerm } from "../../lib/segment.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import type { Candidate, MatchFilter, SearchDoc, Tier, Presence } from "./search.ts";

/**
 * The search index on PostgreSQL: one row per live work with its filters (node, kind, time) as columns and a
 * tsvector built here. Words carry weights A (title), B (tags, node, author), C (text); the head of the text is
 * also there as single characters and pairs of characters (weight D), so 国画 inside 中国画家 is found as the pair
 * ~国画. A pair is marked apart from the word of the same letters: it is only characters side by side (英国|画家), a
 * weaker match than the word. Queries name lexemes without weights or phrases, which a GIN index answers without
 * reading any row.
 */

// tsvector positions stop at 16383, and a lexeme keeps at most 256 of them.
const MAX_POSITION = 16383;
const MAX_POSITIONS = 256;
const HAN = /^\p{Script=Han}$/u;
/** What sets a pair of characters apart from a word: terms hold letters and digits only. */
const PAIR = "~";

/** Single characters, and each pair of neighbouring Han characters. */
function charsAndPairs(chars: string[]): string[] {
  const out: string[] = [];
  chars.forEach((c, i) => {
    out.push(c);
    const next = chars[i + 1];
    if (next && HAN.test(c) && HAN.test(next)) out.push(PAIR + c + next);
  });
  return out;
}

function tsvectorText(doc: SearchDoc): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  const add = (terms: string[], weight: string) => {
    for (const term of terms) {
      at = Math.min(at + 1, MAX_POSITION);
      let list = positions.get(term);
      if (!list) positions.set(term, (list = []));
      if (list.length < MAX_POSITIONS) list.push(`${at}${weight}`);
    }
  };
  add(doc.title, "A");
  add(doc.meta, "B");
  add(doc.body, "C");
  add(charsAndPairs(doc.chars), "D");
  return [...positions].map(([term, list]) => `'${term}':${[...new Set(list)].join(",")}`).join(" ");
}

export async function writePgDocs(db: Kysely<DB>, docs: { id: number; doc: SearchDoc }[]) {
  const rows = docs.map(
    ({ id, doc }) =>
      sql`(${id}, ${doc.facts.nodeId}, ${doc.facts.type}, ${doc.facts.createdAt}, ${doc.facts.ai}, ${tsvectorText(doc)}::tsvector)`,
  );
  await sql`insert into work_search (work_id, node_id, type, created_at, ai_label, doc) values ${sql.join(rows)}
    on conflict (work_id) do update set node_id = excluded.node_id, type = excluded.type,
      created_at = excluded.created_at, ai_label = excluded.ai_label, doc = excluded.doc`.execute(db);
}

/**
 * Every term, as a word or (`any`: Han words) also as the pairs of its characters; `strong` is the words alone,
 * `weak` what only the pairs give. A single character is the same lexeme as word and as character.
 */
export function tsqueryText(terms: QueryTerm[], tier: Tier = "any"): string {
  if (tier === "weak") return `(${tsqueryText(terms)}) & !(${tsqueryText(terms, "strong")})`;
  return terms
    .map((t) => {
      const word = `'${t.word}'${t.prefix ? ":*" : ""}`;
      if (tier === "strong" || t.chars.length < 2 || !t.chars.every((c) => HAN.test(c))) return word;
      const pairs = t.chars.slice(1).map((c, i) => `'${PAIR}${t.chars[i]}${c}'`);
      return `(${word} | ${pairs.join(" & ")})`;
    })
    .join(" & ");
}

function filters(f: MatchFilter) {
  return sql.join(
    [
      sql`s.doc @@ cast(${tsqueryText(f.terms, f.tier)} as tsquery)`,
      ...(f.nodeId ? [sql`s.node_id = ${f.nodeId}`] : []),
      ...(f.type !== undefined ? [sql`s.type = ${f.type}`] : []),
      ...(f.since ? [sql`s.created_at >= ${f.since}`] : []),
      ...(f.noAi ? [sql`s.ai_label <> ${AiLabel.generated}`] : []),
    ],
    sql` and `,
  );
}

/** A term as a word in one part of the document: A the title, B the tags, node and author. */
function inPart(t: QueryTerm, part: "A" | "B") {
  return sql`(n.doc @@ cast(${`'${t.word}':${t.prefix ? "*" : ""}${part}`} as tsquery))::int`;
}

/** The `ranked` newest matches with their relevance (PRESENCE); the best `limit` of them with what the blend needs. */
export async function matchPg(db: Kysely<DB>, f: MatchFilter, limit: number, ranked: number, weigh: Presence) {
  const relevance = sql.join(
    f.terms.map((t) => sql`${weigh.anywhere} + ${weigh.title} * ${inPart(t, "A")} + ${weigh.meta} * ${inPart(t, "B")}`),
    sql` + `,
  );
  const titled = sql.join(
    f.terms.map((t) => inPart(t, "A")),
    sql` + `,
  );
  // Matches are found by the GIN index first (materialized: walking the primary key backwards instead would test
  // every row's tsvector), then the newest are ranked.
  const { rows } = await sql<Candidate>`
    with found as materialized (select s.work_id from work_search s where ${filters(f)}),
    newest as (
      select s.work_id, s.doc from work_search s
      where s.work_id in (select work_id from found order by work_id desc limit ${ranked}))
    select w.id, w.like_count, w.created_at, ${relevance} as relevance, ${titled} as titled
    from newest n join works w on w.id = n.work_id
    where w.status = ${WorkStatus.live}
    order by relevance desc, w.id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, relevance: Number(r.relevance), titled: Number(r.titled) }));
}

export async function countPg(db: Kysely<DB>, f: MatchFilter, upTo: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (
    select 1 from work_search s where ${filters(f)} limit ${upTo + 1}) as found`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
