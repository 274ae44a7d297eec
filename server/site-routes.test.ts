import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

// Shared route modules learn which URL they serve from the route table (the matched pattern), not by parsing the URL.
let s: TestSite;
beforeAll(async () => {
  s = await startSite();
});
afterAll(async () => s.close());

describe("routes that share a module", () => {
  it.each([
    ["/articles", "文章"],
    ["/topics", "动态"],
    ["/projects", "项目"],
    ["/links", "链接"],
    ["/arts/node/newest", "最新作品"],
    ["/arts/node/recommend", "推荐作品"],
  ])("%s is titled %s", async (path, title) => {
    const res = await s.get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<title>${title} · 艺社</title>`);
  });

  it.each([
    ["/art", "/arts"],
    ["/project", "/projects"],
    ["/link", "/links"],
    ["/arts/tag", "/tags"],
  ])("%s without an id goes to %s", async (path, to) => {
    const res = await s.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(to);
  });

  it("asks a visitor to sign in for the following feed", async () => {
    const res = await s.get("/arts/node/feed");
    expect(res.headers.get("location")).toBe("/user/signin?ref=%2Farts%2Fnode%2Ffeed");
  });
});
