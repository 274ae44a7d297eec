import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Jieba } from "@node-rs/jieba";
import { Converter } from "opencc-js/t2cn";
import { ART_WORD_WEIGHT, artWords } from "./art-words.ts";

/**
 * How search reads Chinese text, the same for what is indexed and what is asked: one written form (half-width,
 * lower case, simplified characters), then words by jieba, and single characters for what no dictionary knows.
 */

// The dictionary takes a long moment to load: once per process, and only when something is segmented. Read here rather
// through the package's dict.js, which also reads idf.txt (keyword extraction, unused) and keeps both files, 11 MB,
// for the life of the process; jieba copies what it reads.
let jieba: Jieba | undefined;
const dictionary = () => readFileSync(createRequire(import.meta.url).resolve("@node-rs/jieba/dict.txt"));
let simplify: ((text: string) => string) | undefined;

function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dictionary());
    jieba.loadDict(Buffer.from(artWords.map((w) => `${w} ${ART_WORD_WEIGHT} n`).join("\n")));
  }
  return jieba;
}

/**
 * Precise: the words a person meant. Search: those and the dictionary words inside each (清华大学 is also 清华, 华大
 * and 大学), never a word made of the end of one and the start of the next (英国|画家 holds no 国画).
 */
function words(text: string, mode: "precise" | "search"): string[] {
  return mode === "precise" ? segmenter().cut(text, true) : segmenter().cutForSearch(text, true);
}

/** One written form for every way of writing the same text: 國畫 and ＢＬＥＮＤＥＲ are 国画 and blender. */
export function normalize(text: string): string {
  simplify ??= Converter({ from: "t", to: "cn" });
  return simplify(text.normalize("NFKC").toLowerCase());
}

const NOT_WORD = /[^\p{L}\p{N}]+/u;
const HAN = /\p{Script=Han}/u;
// A Han character alone, or a run of other letters and digits (latin words, numbers, kana).
const CHAR_TERM = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;

/**
 * Terms hold letters and digits only: punctuation, spaces and marks split them. Both engines then read them as
 * they are (FTS5's unicode61 splits on the same characters), and nothing in a term can be query syntax.
 */
function clean(tokens: string[]): string[] {
  return tokens.flatMap((t) => t.split(NOT_WORD)).filter(Boolean);
}

const ALL_HAN = /^\p{Script=Han}+$/u;

/**
 * Two-character words every reader sees that jieba's dictionary lacks: a verb taking 上 (爱上, 迷上), a causative
 * with 人 (让人, 令人), and 像个.
 */
const UNLISTED = /^(?:[爱迷看遇赶碰追跟配比算]上|[让令使叫教逗惹]人|像个)$/u;

/** Whether these characters are one word to a reader (kept: the same pairs come back in every text). */
const known = new Map<string, boolean>();
function isWord(text: string): boolean {
  let yes = known.get(text);
  if (yes === undefined) {
    yes = UNLISTED.test(text) || segmenter().cut(text, false).length === 1;
    if (known.size > 50_000) known.clear();
    known.set(text, yes);
  }
  return yes;
}

/**
 * Whether a two-character word, where jieba cut it, reads as well as the ends of two words around it: 上海 in
 * 爱上海边 (爱上|海边), 人像 in 让人像个孩子 (让人|像个). jieba picks one reading; a reader may take the other, so such a
 * word counts as characters side by side (a near-miss), not as the word (issue 53).
 */
export function straddles(normalized: string, start: number, word: string): boolean {
  if (word.length !== 2 || !ALL_HAN.test(word)) return false;
  const before = normalized[start - 1];
  const after = normalized[start + 2];
  if (!before || !after || !HAN.test(before) || !HAN.test(after)) return false;
  return isWord(before + word[0]) && isWord(word[1] + after);
}

/**
 * Whether a dictionary word inside a longer one counts as that word. It does, but at the end of a longer word that no
 * dictionary word begins (金石 in 青金石, issue 53: 青金 is no word, 青金石 is a stone, not a 金石). A longer word that
 * some word begins is read through its parts: 国画 in 中国画 (中国), 画师 in 插画师 (插画), 大学 in 清华大学 (清华).
 */
export function partCounts(
  whole: string,
  offset: number,
  part: string,
  parts: string[] = words(whole, "search"),
): boolean {
  if (offset === 0 || offset + part.length !== whole.length) return true;
  const head = whole.slice(0, offset);
  return (head.length > 1 && isWord(head)) || parts.some((p) => p !== whole && p.length > 1 && whole.startsWith(p));
}

/**
 * The words of normalized text as the index holds them: each word jieba cuts, and the dictionary words inside a
 * longer one that count as words (partCounts); the rest, and a two-character word that straddles its neighbours, are
 * left to the characters: a less relevant match, after the works that say the word.
 */
export function indexWords(normalized: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const w of words(normalized, "precise")) {
    if (w.length > 2) {
      // The longer word is cut once, and its parts judged against that cut.
      const parts = words(w, "search");
      out.push(...parts.filter((part) => part === w || partCounts(w, w.indexOf(part), part, parts)));
    } else if (!straddles(normalized, at, w)) out.push(w);
    at += w.length;
  }
  return clean(out);
}

/**
 * The parts of a compound the dictionary knows (水彩画: 水彩, 彩画), the one it begins with first: what a search
 * for the compound also finds, after the works that say it whole.
 */
export function partsOf(word: string): string[] {
  if (word.length < 3 || !ALL_HAN.test(word)) return [];
  const parts = [...new Set(words(word, "search"))].filter((p) => p.length >= 2 && p.length < word.length);
  return parts.sort((a, b) => Number(word.startsWith(b)) - Number(word.startsWith(a)) || b.length - a.length);
}

/**
 * Whether normalized text holds `word` as a word at `start`: inside one of the words jieba cuts the text into, or
 * made of whole ones. 国画 in 学国画 is; in 英国画家 (英国|画家) it is only two characters side by side, a near-miss.
 * jieba cuts each run of Han characters on its own, so only the run around `start` is cut.
 */
export function wordAt(normalized: string, start: number, word: string): boolean {
  if (word.length < 2 || !ALL_HAN.test(word)) return true;
  const end = start + word.length;
  let from = start;
  while (from > 0 && HAN.test(normalized[from - 1])) from--;
  let to = end;
  while (to < normalized.length && HAN.test(normalized[to])) to++;
  let at = from;
  const bounds = new Set([at]);
  for (const w of words(normalized.slice(from, to), "precise")) {
    // Within one word, as partCounts says (插画 in 插画师, 大学 in 清华大学; not 金石 in 青金石); a word alone that
    // straddles its neighbours is not one.
    if (at <= start && end <= at + w.length)
      return w === word ? !straddles(normalized, start, word) : partCounts(w, start - at, word);
    bounds.add((at += w.length));
  }
  // Made of whole words; anything else begins or ends inside one and crosses into the next.
  return bounds.has(start) && bounds.has(end);
}

/** Whether normalized text holds `word` as a word somewhere (wordAt), not only as characters side by side. */
export function holdsWord(normalized: string, word: string): boolean {
  for (let i = normalized.indexOf(word); i >= 0; i = normalized.indexOf(word, i + 1))
    if (wordAt(normalized, i, word)) return true;
  return false;
}

/** Normalized text as single Han characters and whole other words, in order: what a phrase of characters matches. */
export function charTerms(normalized: string): string[] {
  return normalized.match(CHAR_TERM) ?? [];
}

/** A name (a tag, a node, a person) as whole terms, so 平面设计 is found as itself as well as 平面 and 设计. */
export function nameTerms(name: string): string[] {
  return normalize(name).split(NOT_WORD).filter(Boolean);
}

/** One word of a query, and its characters for text where jieba cut the same letters differently. */
export type QueryTerm = { word: string; chars: string[]; prefix: boolean };

const MAX_TERMS = 12;
/** Words that carry no meaning of their own: left out of a keyword that has other words (雨夜的便利店). */
const STOPWORDS = new Set(
  "的 了 和 与 及 或 是 在 也 就 都 而 着 之 这 那 吧 吗 呢 啊 把 被 给 对 为 以 于 个 地 得".split(" "),
);

/**
 * A keyword as terms, each to be found: jieba's precise cut (the words a person meant), deduplicated. A latin word
 * of three letters or more also finds longer words it begins (blend finds blender).
 */
export function queryTerms(keyword: string): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const word of clean(words(normalize(keyword), "precise"))) {
    if (seen.has(word)) continue;
    seen.add(word);
    terms.push({ word, chars: charTerms(word), prefix: !HAN.test(word) && word.length >= 3 });
  }
  const meaningful = terms.filter((t) => !STOPWORDS.has(t.word));
  return (meaningful.length ? meaningful : terms).slice(0, MAX_TERMS);
}
