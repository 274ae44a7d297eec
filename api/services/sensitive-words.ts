import { putConfigRow, readConfigRow } from "../db/queries/config.ts";
import { listWords, replaceWords } from "../db/queries/words.ts";
import { fieldError } from "../lib/errors.ts";
import { mask, WordMatcher } from "../lib/sensitive.ts";
import { wordActions, type WordAction } from "../../contract/admin.ts";
import { wordLines } from "../../contract/schemas/admin.ts";
import type { WordListView } from "../../contract/views/admin.ts";
import { normalizeWord } from "../../contract/words.ts";
import type { CurrentUserView } from "../../contract/views/signin.ts";
import { audit } from "./audit.ts";
import type { Deps } from "./deps.ts";

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
 * An AI's answer, read again as it grows: a refused word cuts it where the word begins; a masked or held word is
 * masked (an answer is shown at once, with no one to review it).
 */
export async function answerScreen(deps: Deps): Promise<(text: string) => { text: string; cut: boolean }> {
  const m = await matcher(deps);
  return (text) => {
    if (m.size === 0) return { text, cut: false };
    const found = m.find(text);
    const refused = found.find((f) => f.action === "refuse");
    const kept = refused ? text.slice(0, refused.start) : text;
    return {
      text: mask(
        kept,
        found.filter((f) => f.action !== "refuse" && f.end <= kept.length),
      ),
      cut: !!refused,
    };
  };
}
