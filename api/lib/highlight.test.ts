import { describe, expect, it } from "vitest";
import { markAll, snippet } from "./highlight.ts";
import type { Marked } from "../../contract/search/views.ts";

const show = (m: Marked) => m.map((r) => (r.hit ? `[${r.text}]` : r.text)).join("");

describe("markAll", () => {
  it("marks every occurrence, in whatever written form, keeping the original text", () => {
    expect(show(markAll("國畫與国画，ＢＬＥＮＤＥＲ和Blender", ["国画", "blender"]))).toBe(
      "[國畫]與[国画]，[ＢＬＥＮＤＥＲ]和[Blender]",
    );
  });

  it("merges overlapping hits and leaves text without hits as one run", () => {
    expect(show(markAll("清华大学", ["清华", "华大", "大学"]))).toBe("[清华大学]");
    expect(markAll("雨夜", ["猫"])).toEqual([{ text: "雨夜", hit: false }]);
  });

  it("marks the word, never its characters where they belong to two other words", () => {
    expect(show(markAll("英国画家也学国画", ["国画"]))).toBe("英国画家也学[国画]");
    expect(show(markAll("英國畫家", ["国画"]))).toBe("英國畫家");
    expect(show(markAll("自由插画师", ["插画"]))).toBe("自由[插画]师");
  });

  it("keeps text whose normalized form is longer (ligatures) aligned", () => {
    expect(show(markAll("ﬁne 国画", ["国画"]))).toBe("ﬁne [国画]");
  });
});

describe("snippet", () => {
  it("cuts around the first hit, marking where it was cut", () => {
    const text = "甲".repeat(200) + "国画" + "乙".repeat(200);
    const s = snippet(text, ["国画"], 60);
    expect(s[0]).toEqual({ text: "…", hit: false });
    expect(s[s.length - 1]).toEqual({ text: "…", hit: false });
    expect(s.filter((r) => r.hit).map((r) => r.text)).toEqual(["国画"]);
    expect(show(s).length).toBeLessThanOrEqual(64);
  });

  it("cuts around the first word, passing over a near-miss before it", () => {
    const text = "英国画家" + "乙".repeat(200) + "学国画";
    const s = snippet(text, ["国画"], 40);
    expect(s[0]).toEqual({ text: "…", hit: false });
    expect(s.filter((r) => r.hit).map((r) => r.text)).toEqual(["国画"]);
  });

  it("opens at the start when nothing matched, and never splits a surrogate pair", () => {
    expect(show(snippet("短文", ["猫"]))).toBe("短文");
    const emoji = "😀".repeat(50) + "猫" + "😀".repeat(50);
    for (const r of snippet(emoji, ["猫"], 41)) expect(r.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});
