import { describe, expect, it } from "vitest";
import { nicknameKey, nicknameProblem, RESERVED_NAME } from "./identity.ts";
import { linkFits } from "./portfolio.ts";

describe("a nickname's key: names a reader takes for one are one", () => {
  it.each([
    ["ＡＢＣ１２３", "abc123"],
    ["Ab C", "abc"],
    ["画\u3000家", "画家"],
    ["ﾊﾟﾝ", "パン"],
  ])("%s reads as %s", (name, key) => expect(nicknameKey(name)).toBe(key));
});

describe("a nickname's problem", () => {
  it("takes an ordinary name, Chinese or Latin, with an accent that composes", () => {
    for (const name of ["水彩小王", "Léa", "ink_2026"]) expect(nicknameProblem(name)).toBeNull();
  });

  it.each([
    ["站\u200B长", "昵称不能包含控制字符或不可见字符"],
    ["abc\u202Egnp", "昵称不能包含控制字符或不可见字符"],
    ["站\u034F长", "昵称不能包含控制字符或不可见字符"],
    ["画\u0301", "昵称不能包含附加符号"],
    ["\u3000 ", "请输入昵称"],
  ])("refuses %j", (name, problem) => expect(nicknameProblem(name)).toBe(problem));

  it("keeps the site's names for the site, however they are spelled", () => {
    for (const name of ["ＡＤＭＩＮ", "Admin", "艺社官方号", "本站站长", "系统消息"])
      expect(nicknameProblem(name)).toBe(RESERVED_NAME);
    expect(nicknameProblem("系统学画")).toBeNull();
  });
});

describe("a portfolio link leads to its platform", () => {
  it("takes the platform and its subdomains", () => {
    expect(linkFits("weibo", "https://weibo.com/u/1")).toBe(true);
    expect(linkFits("weibo", "https://m.weibo.cn/u/1")).toBe(true);
    expect(linkFits("zcool", "http://www.ZCOOL.com.cn/u/1")).toBe(true);
  });

  it.each([
    ["weibo", "https://weibo.com.evil.example/"],
    ["weibo", "https://notweibo.com/"],
    ["weibo", "https://evil.example/?weibo.com"],
    ["weibo", "https://weibo.com@evil.example/"],
    ["bilibili", "javascript://bilibili.com/%0aalert(1)"],
    ["site", "ftp://example.com/"],
    ["site", "不是网址"],
  ] as const)("refuses %s at %s", (key, url) => expect(linkFits(key, url)).toBe(false));

  it("takes any web address for a personal site", () => {
    expect(linkFits("site", "https://my.example/portfolio")).toBe(true);
  });
});
