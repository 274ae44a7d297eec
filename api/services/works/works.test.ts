import { describe, expect, it } from "vitest";
import { excerpt } from "./works.ts";

describe("excerpt", () => {
  it("keeps the words of Markdown and drops pictures, link targets and marks", () => {
    expect(excerpt("## 标题\n\n![图](a.png) 看[这里](https://x.cn)，**很好**")).toBe("标题 看这里，很好");
  });
  it("cuts long text at the limit with an ellipsis", () => {
    expect(excerpt("字".repeat(130), 120)).toBe("字".repeat(120) + "…");
  });
  it("drops a picture or link left open where the head of a text was cut", () => {
    expect(excerpt("开头 ![图](https://example.com/a-very-long")).toBe("开头");
    expect(excerpt("开头 [链接](https://exa")).toBe("开头");
    expect(excerpt("开头 [未完")).toBe("开头");
  });
});
