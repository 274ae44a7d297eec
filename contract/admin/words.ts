/**
 * How the sensitive-word matcher reads text (api/lib/sensitive.ts): compatibility forms folded (全角 → half width),
 * lower case, and spaces, punctuation and invisible characters skipped, so "敏 感-词" is read as "敏感词". A word
 * list is compared the same way, so two spellings of one word are one word.
 */
const SKIPPED = /[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\s]/u;

export function isSkipped(ch: string): boolean {
  return SKIPPED.test(ch);
}

const folded = new Map<string, string>();
/** One character as the matcher reads it ("" when skipped; NFKC may give more than one). */
export function foldChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x80) return /[a-z0-9]/i.test(ch) ? ch.toLowerCase() : isSkipped(ch) ? "" : ch;
  let out = folded.get(ch);
  if (out === undefined) {
    out = [...ch.normalize("NFKC").toLowerCase()].filter((c) => !isSkipped(c)).join("");
    if (folded.size < 20_000) folded.set(ch, out);
  }
  return out;
}

export function normalizeWord(word: string): string {
  let out = "";
  for (const ch of word) out += foldChar(ch);
  return out;
}
