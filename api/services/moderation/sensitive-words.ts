import { putConfigRow, readConfigRow } from "../../db/queries/config.ts";
import { listWords, replaceWords } from "../../db/queries/words.ts";
import { fieldError } from "../../lib/errors.ts";
import { mask, WordMatcher, type Match, type WordScanner } from "../../lib/sensitive.ts";
import { wordActions, type WordAction } from "../../../contract/admin/moderation.ts";
import { wordLines } from "../../../contract/admin/schemas.ts";
import type { WordListView } from "../../../contract/admin/views.ts";
import { normalizeWord } from "../../../contract/admin/words.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { audit } from "../admin/audit.ts";
import { starterWords } from "../../lib/starter-words.ts";
import type { Deps } from "../deps.ts";

/**
 * 敏感词: the list lives in the database; each process keeps its automaton and rebuilds it when the list's
 * version (a setting, changed with every save) is not the one it built, so every process follows a save.
 */
const VERSION_KEY = "sensitiveWordsVersion";
const built = new WeakMap<object, { version: string; matcher: WordMatcher }>();

async function matcher(deps: Deps): Promise<WordMatcher> {
  const version = (await readConfigRow(deps.db, VERSION_KEY)) ?? "0";
  const known = built.get(deps.db);
  if (known?.version === version) return known.matcher;
  const rows = await listWords(deps.db);
  const m = WordMatcher.build(rows.map((r) => ({ word: r.word, action: r.action as WordAction })));
  built.set(deps.db, { version, matcher: m });
  return m;
}

export async function wordList(deps: Deps): Promise<WordListView> {
  const view: WordListView = { refuse: [], review: [], mask: [] };
  for (const r of await listWords(deps.db)) view[r.action as WordAction]?.push(r.word);
  return view;
}

/** Saves the three lists whole; a blank line, a repeat (within or across lists) or a bad word changes nothing. */
export async function saveWordList(deps: Deps, staff: CurrentUserView, input: Record<WordAction, string>) {
  const rows: { word: string; word_key: string; action: WordAction }[] = [];
  const seen = new Map<string, string>();
  for (const { key, label } of wordActions) {
    const { words, problem } = wordLines(input[key]);
    if (problem) throw fieldError("validation", key, `${label}：${problem}`);
    for (const word of words) {
      const wordKey = normalizeWord(word);
      const earlier = seen.get(wordKey);
      if (earlier)
        throw fieldError(
          "validation",
          key,
          `“${word}”重复出现（与${earlier}中的“${rows.find((r) => r.word_key === wordKey)!.word}”相同）`,
        );
      seen.set(wordKey, label);
      rows.push({ word, word_key: wordKey, action: key });
    }
  }
  const before = await wordList(deps);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await replaceWords(trx, rows, now);
    await putConfigRow(trx, VERSION_KEY, String(now) + Math.random().toString(36).slice(2, 6));
    await audit(trx, now, {
      actorId: staff.id,
      action: "words.save",
      targetKind: "words",
      targetId: 0,
      before: counts(before),
      after: counts({
        refuse: rows.filter((r) => r.action === "refuse").map((r) => r.word),
        review: rows.filter((r) => r.action === "review").map((r) => r.word),
        mask: rows.filter((r) => r.action === "mask").map((r) => r.word),
      }),
    });
  });
  return wordList(deps);
}

/**
 * Adds the starter list (api/lib/starter-words.ts) to the lists as they stand, through the same save: a word already
 * listed, in any spelling the matcher folds together, stays where the owner put it.
 */
export async function importStarterWords(deps: Deps, staff: CurrentUserView) {
  const now = await wordList(deps);
  const listed = new Set(wordActions.flatMap((a) => now[a.key]).map(normalizeWord));
  const merged = Object.fromEntries(
    wordActions.map((a) => [
      a.key,
      [...now[a.key], ...starterWords[a.key].filter((w) => !listed.has(normalizeWord(w)))].join("\n"),
    ]),
  ) as Record<WordAction, string>;
  return saveWordList(deps, staff, merged);
}

const counts = (v: WordListView) => wordActions.map((a) => `${a.label}${v[a.key].length}个`).join("，");

/** What publishing these texts does: refused (throws, naming the word), held for review (the word), or masked. */
export async function screen<T extends Record<string, string | string[]>>(
  deps: Deps,
  fields: T,
): Promise<{ fields: T; review: string | null }> {
  const m = await matcher(deps);
  if (m.size === 0) return { fields, review: null };
  let review: string | null = null;
  const out: Record<string, string | string[]> = {};
  const one = (field: string, text: string) => {
    const found = m.find(text);
    const refused = found.find((f) => f.action === "refuse");
    if (refused) throw fieldError("sensitiveWord", field, `内容包含不允许发布的词语“${refused.word}”，请修改后再提交`);
    review ??= found.find((f) => f.action === "review")?.word ?? null;
    return mask(
      text,
      found.filter((f) => f.action === "mask"),
    );
  };
  for (const [field, value] of Object.entries(fields))
    out[field] = Array.isArray(value) ? value.map((v) => one(field, v)) : one(field, value);
  return { fields: out as T, review };
}

/**
 * A name, an introduction or an address is shown as written, so a listed word of any kind (refused, masked or held
 * for review) is refused in it, naming the word.
 */
export async function screenPlain(deps: Deps, fields: Record<string, string>, what: string): Promise<void> {
  const m = await matcher(deps);
  if (m.size === 0) return;
  for (const [field, text] of Object.entries(fields)) {
    const found = m.find(text)[0];
    if (found) throw fieldError("sensitiveWord", field, `${what}包含不允许使用的词语“${found.word}”，请修改后再提交`);
  }
}

/**
 * An AI's answer, screened as it arrives (issue 53: reading the whole answer again at every piece cost the square of
 * its length): each piece is read once by the automaton, and what is shown is the settled part, where no word still
 * arriving can begin. A refused word cuts the answer where it begins; a masked or held word is masked (an answer is
 * shown at once, with no one to review it).
 */
export class ScreenedStream {
  private raw = "";
  private shown = 0;
  private spans: Match[] = [];
  private cutAt = -1;
  private readonly scanner: WordScanner;
  constructor(m: WordMatcher) {
    this.scanner = m.scanner();
  }

  /** Whether a refused word cut it. */
  get cut() {
    return this.cutAt >= 0;
  }

  /** Characters received (after a cut, up to the cut). */
  get length() {
    return this.cut ? this.cutAt : this.raw.length;
  }

  /** Takes a piece; answers what may be shown now beyond what was. */
  push(piece: string): string {
    if (this.cut || !piece) return "";
    this.raw += piece;
    for (const found of this.scanner.feed(piece)) {
      if (found.action === "refuse") {
        this.cutAt = this.cutAt < 0 ? found.start : Math.min(this.cutAt, found.start);
      } else this.spans.push(found);
    }
    return this.take(this.cut ? this.cutAt : this.scanner.settled);
  }

  /** The rest, once nothing more will come. */
  end(): string {
    const to = this.length;
    // Past a cut nothing is shown: a masked word running into it is masked up to it.
    this.spans = this.spans.map((m) => (m.end > to ? { ...m, end: to } : m));
    return this.take(to);
  }

  private take(upTo: number): string {
    // A masked word that straddles the line is shown whole, later, with its mask.
    let to = upTo;
    for (let moved = true; moved;) {
      moved = false;
      for (const m of this.spans)
        if (m.start < to && m.end > to) {
          to = m.start;
          moved = true;
        }
    }
    if (to <= this.shown) return "";
    const from = this.shown;
    const spans = this.spans
      .filter((m) => m.end > from && m.start < to && m.end <= to)
      .map((m) => ({ start: Math.max(0, m.start - from), end: m.end - from }));
    this.shown = to;
    this.spans = this.spans.filter((m) => m.end > to);
    return mask(this.raw.slice(from, to), spans);
  }
}

export async function answerScreen(deps: Deps): Promise<() => ScreenedStream> {
  const m = await matcher(deps);
  return () => new ScreenedStream(m);
}
