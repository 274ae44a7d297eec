import { describe, expect, it } from "vitest";
import { homeTitle } from "./meta.ts";

describe("the home page's title", () => {
  it("names the site and says what it is, from the description's first sentence", () => {
    expect(homeTitle("艺社", "中文艺术与创作社区。插画、摄影、音乐。")).toBe("艺社 · 中文艺术与创作社区");
    expect(homeTitle("艺社", "")).toBe("艺社");
    expect(homeTitle("画廊", "一".repeat(60))).toBe(`画廊 · ${"一".repeat(40)}`);
  });
});
