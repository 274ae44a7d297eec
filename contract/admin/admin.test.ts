import { describe, expect, it } from "vitest";
import { adminLimits, chinaMinute, periodLabel } from "./moderation.ts";
import { wordLines } from "./schemas.ts";
import { normalizeWord } from "./words.ts";

describe("a sensitive word as the matcher reads it", () => {
  it("folds width and case and skips what cannot hide a word", () => {
    expect(normalizeWord("敏 感-词")).toBe("敏感词");
    expect(normalizeWord("ＳＰＡＭ")).toBe("spam");
    expect(normalizeWord("敏\u200B感")).toBe("敏感");
    expect(normalizeWord("…！？")).toBe("");
  });
});

describe("the admin's word list", () => {
  it("takes a word a line, windows line ends and a last newline included", () => {
    expect(wordLines("甲\r\n乙\n")).toEqual({ words: ["甲", "乙"], problem: null });
    expect(wordLines("  ")).toEqual({ words: [], problem: null });
  });

  it("names the line at fault", () => {
    expect(wordLines("甲\n\n乙").problem).toBe("第2行是空行，请删去");
    expect(wordLines(`甲\n${"长".repeat(adminLimits.word + 1)}`).problem).toBe(`第2行超过${adminLimits.word}个字符`);
    expect(wordLines("甲\n！！").problem).toBe("第2行没有可匹配的文字");
  });
});

describe("what the admin area shows", () => {
  it("says a restriction's period and a minute in China time", () => {
    expect([periodLabel(0), periodLabel(365), periodLabel(7)]).toEqual(["永久", "一年", "7天"]);
    expect(chinaMinute(Date.UTC(2026, 10, 28, 16, 30))).toBe("2026-11-29 00:30");
  });
});
