import { describe, expect, it } from "vitest";
import { mask, WordMatcher, type WordScanner } from "../../lib/sensitive.ts";
import { ScreenedStream } from "./sensitive-words.ts";

/** An AI's answer screened as it streams (issue 53): the same result as screening it whole, at the cost of its length. */

const words = WordMatcher.build([
  { word: "赌博", action: "refuse" },
  { word: "代开发票", action: "review" },
  { word: "发票", action: "mask" },
  { word: "abcd", action: "mask" },
  { word: "cde", action: "refuse" },
  { word: "he", action: "mask" },
  { word: "hers", action: "mask" },
]);

/** The whole answer screened at once, as the site did before: cut at a refused word, the rest masked. */
function whole(text: string) {
  const found = words.find(text);
  const refused = found.filter((f) => f.action === "refuse").sort((a, b) => a.start - b.start)[0];
  const kept = refused ? text.slice(0, refused.start) : text;
  const spans = found.filter((f) => f.action !== "refuse").map((f) => ({ ...f, end: Math.min(f.end, kept.length) }));
  return {
    text: mask(
      kept,
      spans.filter((f) => f.start < kept.length),
    ),
    cut: !!refused,
  };
}

/** `text` cut into pieces at random places, streamed, everything shown joined. */
function streamed(text: string, seed: number, matcher: Pick<WordMatcher, "scanner"> = words) {
  const s = new ScreenedStream(matcher as WordMatcher);
  let shown = "";
  let at = 0;
  let r = seed;
  while (at < text.length) {
    r = (r * 1103515245 + 12345) % 2 ** 31;
    const n = 1 + (r % 7);
    shown += s.push(text.slice(at, at + n));
    at += n;
  }
  return { text: shown + s.end(), cut: s.cut };
}

describe("an answer screened as it streams", () => {
  const samples = [
    "可以代开发票吗？发 票不行，he 说 hers 也不行。",
    "前面的话。赌-博后面的话",
    "xxabcdeyy", // a masked word whose end begins a refused one
    "abcd 和 ab cd e",
    "发票".repeat(50) + "赌博" + "发票",
    "没有任何需要处理的词语，只是普通的回答。",
  ];
  it("shows what screening the whole answer would, however it is cut into pieces", () => {
    for (const text of samples) for (let seed = 1; seed < 40; seed++) expect(streamed(text, seed)).toEqual(whole(text));
  });

  it("never shows a piece of a masked word before its mask", () => {
    const s = new ScreenedStream(words);
    expect(s.push("开发")).toBe("开");
    expect(s.push("票了")).toBe("＊＊了");
  });

  it("reads each character once: a 20,000-character answer in 2,000 pieces costs 20,000 characters", () => {
    let read = 0;
    const counting = {
      scanner(): WordScanner {
        const inner = words.scanner();
        return {
          feed: (piece: string) => {
            read += piece.length;
            return inner.feed(piece);
          },
          get settled() {
            return inner.settled;
          },
        } as WordScanner;
      },
    };
    const text = "这是一段普通的回答，里面提到发票。".repeat(1200).slice(0, 20_000);
    const s = new ScreenedStream(counting as unknown as WordMatcher);
    let shown = "";
    for (let i = 0; i < text.length; i += 10) shown += s.push(text.slice(i, i + 10));
    shown += s.end();
    expect(read).toBe(20_000);
    expect(shown).toBe(whole(text).text);
  });
});
