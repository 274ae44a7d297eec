import { describe, expect, it } from "vitest";
import { mentionAt, mentionName } from "./mentions.ts";

describe("the name being typed after @", () => {
  it("is the run of name characters just before the caret", () => {
    expect(mentionAt("你好 @画室", 6)).toEqual({ start: 3, query: "画室" });
    expect(mentionAt("@ab cd", 3)).toEqual({ start: 0, query: "ab" });
    // The caret past a space, a bare @, or an address are not names being typed.
    expect(mentionAt("@ab cd", 6)).toBeNull();
    expect(mentionAt("看这里 @", 5)).toBeNull();
    expect(mentionAt("mail a@b", 8)).toEqual({ start: 6, query: "b" });
  });

  it("writes a person by nickname when it can be, else by username", () => {
    expect(mentionName({ nickname: "画室小猫", username: "huashi" })).toBe("画室小猫");
    expect(mentionName({ nickname: "画室 小猫", username: "huashi" })).toBe("huashi");
    expect(mentionName({ nickname: "小猫·画室", username: "huashi" })).toBe("huashi");
  });
});
