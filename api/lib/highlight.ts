import type { Marked } from "../../contract/search/views.ts";
import { normalize, wordAt } from "./segment.ts";

/**
 * Marks where a keyword's words occur in a text, comparing written forms as search does (國畫 marks for 国画),
 * and answers runs of plain text: the page wraps hits in <mark> as text, never as markup. Only words are marked:
 * 国画 in 英国画家 is two characters of two other words, and stays plain.
 */

type Range = [start: number, end: number];

/** The normalized text and, for each of its code units, where it came from in the original. */
function normalizedWithOrigin(text: string): { norm: string; origin: number[] | null } {
  const whole = normalize(text);
  // Almost always: one unit for one unit, and positions carry over as they are.
  if (whole.length === text.length) return { norm: whole, origin: null };
  let norm = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const n = normalize(ch);
    for (let k = 0; k < n.length; k++) origin.push(i);
    norm += n;
    i += ch.length;
  }
  origin.push(text.length);
  return { norm, origin };
}

function hitRanges(text: string, needles: string[]): Range[] {
  const { norm, origin } = normalizedWithOrigin(text);
  const at = (i: number) => (origin ? origin[i] : i);
  const ranges: Range[] = [];
  for (const needle of needles) {
    if (!needle) continue;
    for (let i = norm.indexOf(needle); i >= 0; i = norm.indexOf(needle, i + 1)) {
      if (!wordAt(norm, i, needle)) continue;
      const end = origin ? Math.max(origin[i + needle.length] ?? text.length, at(i) + 1) : i + needle.length;
      ranges.push([at(i), end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

function runs(text: string, ranges: Range[], from: number, to: number): Marked {
  const out: Marked = [];
  let at = from;
  for (const [s, e] of ranges) {
    if (e <= from || s >= to) continue;
    const start = Math.max(s, from);
    if (start > at) out.push({ text: text.slice(at, start), hit: false });
    const end = Math.min(e, to);
    out.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < to) out.push({ text: text.slice(at, to), hit: false });
  return out;
}

/** The whole text with every occurrence of the needles marked. */
export function markAll(text: string, needles: string[]): Marked {
  return runs(text, hitRanges(text, needles), 0, text.length);
}

/** About `width` characters around the first hit (or the opening, when nothing matched), with hits marked. */
export function snippet(text: string, needles: string[], width = 110): Marked {
  const ranges = hitRanges(text, needles);
  let start = ranges.length ? Math.max(0, ranges[0][0] - Math.floor(width / 5)) : 0;
  // Never start or end inside a surrogate pair.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start])) start--;
  let end = Math.min(text.length, start + width);
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end])) end++;
  const out = runs(text, ranges, start, end);
  if (start > 0) out.unshift({ text: "…", hit: false });
  if (end < text.length) out.push({ text: "…", hit: false });
  return out;
}
