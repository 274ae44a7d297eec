import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { charTerms, holdsWord, indexWords, nameTerms, normalize, queryTerms, wordAt } from "./segment.ts";

describe("normalize", () => {
  it("writes full-width letters as ASCII, in lower case, and traditional characters as simplified", () => {
    expect(normalize("ＢＬＥＮＤＥＲ　國畫與攝影")).toBe("blender 国画与摄影");
    expect(normalize("寫生")).toBe("写生");
  });
});

describe("indexWords", () => {
  it("cuts in search mode: a long word and the words inside it", () => {
    const words = indexWords(normalize("清华大学的三维动画"));
    expect(words).toEqual(expect.arrayContaining(["清华", "大学", "清华大学", "三维", "动画", "三维动画"]));
  });

  it("never makes a word of the end of one and the start of the next", () => {
    const words = indexWords(normalize("英国画家的一天，加油画画吧"));
    expect(words).toEqual(expect.arrayContaining(["英国", "画家", "加油", "画画"]));
    expect(words).not.toContain("国画");
    expect(words).not.toContain("油画");
  });

  it("knows words of the arts, so the words inside them are words too", () => {
    const words = indexWords(normalize("自由插画师的第一年，换了数位板"));
    expect(words).toEqual(expect.arrayContaining(["插画师", "插画", "画师", "数位板"]));
    // But not the end of a word no word begins (issue 53): 青金石 is a stone, not a 金石.
    expect(indexWords(normalize("一块青金石的颜料"))).not.toContain("金石");
    expect(indexWords(normalize("中国画的笔墨"))).toContain("国画");
    expect(queryTerms("插画师").map((t) => t.word)).toEqual(["插画师"]);
  });

  it("keeps only letters and digits: punctuation and spaces never become terms", () => {
    const words = indexWords(normalize("「山中无岁月」—— x-t4, 100%!"));
    expect(words.every((w) => /^[\p{L}\p{N}]+$/u.test(w))).toBe(true);
    expect(words).toEqual(expect.arrayContaining(["x", "t4", "100"]));
  });
});

describe("wordAt and holdsWord", () => {
  it("tell a word, inside a longer one or made of whole ones, from characters across a boundary", () => {
    expect(holdsWord("学国画的第一年", "国画")).toBe(true);
    expect(holdsWord("清华大学", "华大")).toBe(true);
    expect(holdsWord("三维动画短片", "动画")).toBe(true);
    expect(holdsWord("中国画的笔墨", "国画")).toBe(true);
    expect(holdsWord("一块青金石的颜料", "金石")).toBe(false);
    expect(holdsWord("自由插画师", "插画")).toBe(true);
    expect(holdsWord("英国画家的一天", "国画")).toBe(false);
    expect(holdsWord("第二版画面改好了", "版画")).toBe(false);
    expect(holdsWord("湖水彩度很高", "水彩")).toBe(false);
    // The same text holds the word in one place and not in another.
    const text = "英国画家也学国画";
    expect(wordAt(text, text.indexOf("国画"), "国画")).toBe(false);
    expect(wordAt(text, text.lastIndexOf("国画"), "国画")).toBe(true);
  });

  it("takes one character, latin words and mixed text as they are", () => {
    expect(holdsWord("橘猫", "猫")).toBe(true);
    expect(holdsWord("blender 建模", "blender")).toBe(true);
    expect(holdsWord("英国画家", "画画")).toBe(false);
  });
});

describe("charTerms", () => {
  it("splits Han text into characters and keeps other words whole", () => {
    expect(charTerms("blender建模2024年")).toEqual(["blender", "建", "模", "2024", "年"]);
  });
});

describe("nameTerms", () => {
  it("keeps a name whole, normalized", () => {
    expect(nameTerms("陈默Design")).toEqual(["陈默design"]);
    expect(nameTerms("平面設計")).toEqual(["平面设计"]);
  });
});

describe("queryTerms", () => {
  it("cuts a keyword precisely, with each word's characters, and prefixes only latin words of 3+ letters", () => {
    expect(queryTerms("Blender 建模")).toEqual([
      { word: "blender", chars: ["blender"], prefix: true },
      { word: "建模", chars: ["建", "模"], prefix: false },
    ]);
    expect(queryTerms("ab").map((t) => t.prefix)).toEqual([false]);
  });

  it("drops syntax and repeats, so nothing a user types is read as an operator", () => {
    expect(queryTerms('"雨夜" OR NEAR(雨夜 -猫*)').map((t) => t.word)).toEqual(["雨夜", "or", "near", "猫"]);
    expect(queryTerms("*** --- ''")).toEqual([]);
  });
});

describe("the dictionary", () => {
  it("is not held once jieba has read it: no file buffers stay behind the segmenter", () => {
    // A process of its own, where nothing else holds buffers and the collector can be asked to run.
    const script = `
      const { indexWords, normalize } = await import(${JSON.stringify(new URL("./segment.ts", import.meta.url).href)});
      indexWords(normalize("今天在窗边画了一张水彩"));
      // Freed buffers are counted off once V8's sweeper, on another thread, gets to them: ask again for a while.
      for (let i = 0; i < 40 && (gc(), process.memoryUsage().arrayBuffers) >= 2_000_000; i++)
        await new Promise((r) => setTimeout(r, 50));
      console.log(process.memoryUsage().arrayBuffers);`;
    const held = Number(
      execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script]).toString(),
    );
    // The package's dict.js keeps dict.txt and idf.txt, 11 MB, for the life of the process.
    expect(held).toBeLessThan(2_000_000);
  });
});
