import { isSkipped } from "../../contract/admin/words.ts";
import { skeletonChar } from "./fold.ts";
import type { WordAction } from "../../contract/admin/moderation.ts";

/**
 * Sensitive words found in one pass over the text, however many words there are: an Aho-Corasick automaton over
 * the words as api/lib/fold.ts reads them (禁詞, 禁\uFE0F词 and a Cyrillic look-alike are all one word). A text is read the same way, character by character, remembering
 * where each folded character came from, so a match can be masked in the original.
 */

export type Word = { word: string; action: WordAction };
export type Match = Word & { start: number; end: number };

/** `depth`: how many folded characters of a word the state has read. */
type State = { next: Map<string, number>; fail: number; out: number[]; depth: number };

export class WordMatcher {
  private states: State[] = [{ next: new Map(), fail: 0, out: [], depth: 0 }];
  /** Each word's length in folded characters. */
  private lengths: number[] = [];
  private words: Word[];
  private constructor(words: Word[]) {
    this.words = words;
  }

  static build(words: Word[]): WordMatcher {
    const m = new WordMatcher(words);
    for (const [index, w] of words.entries()) m.add(w.word, index);
    m.link();
    return m;
  }

  get size() {
    return this.words.length;
  }

  private add(word: string, index: number) {
    let s = 0;
    let length = 0;
    for (const ch of word) {
      for (const c of skeletonChar(ch)) {
        let to = this.states[s].next.get(c);
        if (to === undefined) {
          to = this.states.push({ next: new Map(), fail: 0, out: [], depth: this.states[s].depth + 1 }) - 1;
          this.states[s].next.set(c, to);
        }
        s = to;
        length++;
      }
    }
    this.lengths[index] = length;
    if (s !== 0) this.states[s].out.push(index);
  }

  /** Breadth first: each state's failure link is the longest proper suffix that is also a state. */
  private link() {
    const queue: number[] = [];
    for (const to of this.states[0].next.values()) queue.push(to);
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head];
      for (const [c, to] of this.states[s].next) {
        let f = this.states[s].fail;
        while (f !== 0 && !this.states[f].next.has(c)) f = this.states[f].fail;
        const target = this.states[f].next.get(c);
        this.states[to].fail = target !== undefined && target !== to ? target : 0;
        this.states[to].out.push(...this.states[this.states[to].fail].out);
        queue.push(to);
      }
    }
  }

  /** Every occurrence, with its span in the original text (UTF-16 offsets, skipped characters inside included). */
  find(text: string): Match[] {
    if (this.words.length === 0 || !text) return [];
    return this.scanner().feed(text);
  }

  /** A reader of a text that arrives in pieces: each piece costs its own length, whatever came before. */
  scanner(): WordScanner {
    return new WordScanner(this.states, this.words, this.lengths);
  }
}

/**
 * The automaton's walk kept between pieces. Only the last word's worth of folded characters' starts is remembered,
 * so reading an answer of any length costs its length once.
 */
export class WordScanner {
  private s = 0;
  private at = 0;
  private starts: number[] = [];
  private readonly keep: number;
  private readonly states: State[];
  private readonly words: Word[];
  private readonly lengths: number[];
  constructor(states: State[], words: Word[], lengths: number[]) {
    this.states = states;
    this.words = words;
    this.lengths = lengths;
    this.keep = Math.max(1, ...lengths);
  }

  /** The matches that end in this piece, with spans counted from the start of the whole text. */
  feed(piece: string): Match[] {
    const found: Match[] = [];
    if (this.words.length === 0) {
      this.at += piece.length;
      return found;
    }
    const { states, starts } = this;
    for (const ch of piece) {
      const at = this.at;
      this.at += ch.length;
      for (const c of skeletonChar(ch)) {
        starts.push(at);
        let s = this.s;
        while (s !== 0 && !states[s].next.has(c)) s = states[s].fail;
        this.s = s = states[s].next.get(c) ?? 0;
        for (const index of states[s].out)
          found.push({ ...this.words[index], start: starts[starts.length - this.lengths[index]], end: this.at });
      }
    }
    if (starts.length > 4 * this.keep) this.starts = starts.slice(-this.keep);
    return found;
  }

  /**
   * Up to where the text is settled: no match still to come can begin before it, since any word that will end later
   * must begin within the part the automaton is still part-way through.
   */
  get settled(): number {
    const depth = this.states[this.s].depth;
    return depth ? this.starts[this.starts.length - depth] : this.at;
  }
}

/** The text with each matched character (not the spaces and marks between) replaced by ＊. */
export function mask(text: string, spans: { start: number; end: number }[]): string {
  if (!spans.length) return text;
  const hit = new Uint8Array(text.length);
  for (const m of spans) hit.fill(1, m.start, m.end);
  let out = "";
  let i = 0;
  for (const ch of text) {
    out += hit[i] && !isSkipped(ch) ? "＊" : ch;
    i += ch.length;
  }
  return out;
}
