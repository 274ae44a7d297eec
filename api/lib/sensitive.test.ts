import { describe, expect, it } from "vitest";
import { mask, WordMatcher } from "./sensitive.ts";
import { normalizeWord } from "../../contract/admin/words.ts";
import { wordLines } from "../../contract/admin/schemas.ts";

const m = WordMatcher.build([
  { word: "赌博", action: "refuse" },
  { word: "代开发票", action: "review" },
  { word: "发票", action: "mask" },
  { word: "he", action: "mask" },
  { word: "she", action: "mask" },
  { word: "hers", action: "mask" },
]);

describe("sensitive words", () => {
  it("finds every word, overlapping ones too, in one pass", () => {
    const found = m.find("可以代开发票吗").map((x) => x.word);
    expect(found.sort()).toEqual(["代开发票", "发票"]);
    expect(
      m
        .find("ushers")
        .map((x) => x.word)
        .sort(),
    ).toEqual(["he", "hers", "she"]);
    expect(m.find("画一幅风景")).toEqual([]);
  });

  it("reads through spaces, punctuation, full-width letters and case", () => {
    expect(m.find("网上 赌-博 平台")[0]).toMatchObject({ word: "赌博", start: 3, end: 6 });
    expect(m.find("ＳＨＥ")[0]?.word).toBe("she");
    expect(m.find("赌\u200b博")[0]?.word).toBe("赌博");
  });

  it("masks the matched characters in the original text and keeps the rest", () => {
    const text = "报销 发 票，和 she 说";
    expect(
      mask(
        text,
        m.find(text).filter((x) => x.action === "mask"),
      ),
    ).toBe("报销 ＊ ＊，和 ＊＊＊ 说");
    expect(mask("😀发票😀", m.find("😀发票😀"))).toBe("😀＊＊😀");
  });

  it("reads a 50,000-character text against 2,000 words quickly enough to do it on every post", () => {
    const words = Array.from({ length: 2000 }, (_, i) => ({ word: `词${i}语`, action: "mask" as const }));
    const big = WordMatcher.build(words);
    const text = "一段很长的文字，没有任何问题。".repeat(3400) + "词1999语";
    const found = big.find(text);
    expect(found.map((f) => f.word)).toEqual(["词1999语"]);
  });

  it("folds a word list the way it reads text", () => {
    expect(normalizeWord(" 赌 博！")).toBe("赌博");
    expect(normalizeWord("ＡＢ")).toBe("ab");
  });

  it("refuses blank lines, long words and words of nothing but marks, naming the line", () => {
    expect(wordLines("甲\n乙\n")).toEqual({ words: ["甲", "乙"], problem: null });
    expect(wordLines("")).toEqual({ words: [], problem: null });
    expect(wordLines("甲\n\n乙").problem).toBe("第2行是空行，请删去");
    expect(wordLines("甲\n" + "长".repeat(21)).problem).toBe("第2行超过20个字符");
    expect(wordLines("甲\n！！").problem).toBe("第2行没有可匹配的文字");
  });
});
