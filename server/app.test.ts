import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The server build as `react-router build` wrote it (the tests' global set-up builds it when stale). */
const dir = path.resolve("build/server");
const files = [
  "index.js",
  ...readdirSync(path.join(dir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => `assets/${f}`),
];
const holding = (text: string) => files.filter((f) => readFileSync(path.join(dir, f), "utf8").includes(text));

describe("the server build is the process with its pages (server/app.ts)", () => {
  it("starts the process, builds the site and loads the pages from one entry", async () => {
    const built = await import(path.join(dir, "index.js"));
    expect(Object.keys(built).sort()).toEqual(["createSite", "main", "pages"]);
    const pages = await built.pages();
    expect(pages.routes.root).toBeDefined();
    expect(Object.keys(pages.routes).length).toBeGreaterThan(50);
  });

  it("bundles the API and the server, not only the pages", () => {
    expect(holding("艺社未能启动")).toHaveLength(1); // server/main.ts
    expect(holding("生成分享海报太频繁")).toHaveLength(1); // api/services/works/poster.ts
  });

  it("holds one copy of what the process and the pages share", () => {
    // contract/people/identity.ts: the API refuses the name, the account page says why.
    expect(holding("该昵称为保留名称，请换一个")).toHaveLength(1);
    // contract/shared/errors.ts: every refusal's message.
    expect(holding("请求格式不正确")).toHaveLength(1);
  });
});
