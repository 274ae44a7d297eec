import { describe, expect, it } from "vitest";
import { plainText } from "./plain-text.ts";

describe("plainText", () => {
  it("drops headings, quotes, bullets, rules, emphasis and code marks, pictures, and keeps link text", () => {
    const md =
      "## 标题\n\n> 引用\n\n- 一\n- **二**\n1. 三\n\n---\n\n`code` ~~删~~ *斜* ![图](a.png) [链接](https://x.cn)";
    expect(plainText(md)).toBe("标题 引用 一 二 三 code 删 斜 链接");
  });

  it("keeps hyphens and underscores inside words", () => {
    expect(plainText("富士 X-T4，文件名 my_file-2.png")).toBe("富士 X-T4，文件名 my_file-2.png");
  });
});
