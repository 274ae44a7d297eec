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

describe("/redirect: leaving the site", () => {
  const leave = (url: string) => s.get(`/redirect?url=${encodeURIComponent(url)}`);

  it("names an outside address as text and asks first, kept out of search engines", async () => {
    const res = await leave('https://evil.example/"><img src=x onerror=alert(1)>');
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const html = await res.text();
    expect(html).toContain("即将离开艺社");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("https://evil.example/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E");
  });

  it("shows the host on its own and never a user or password that dresses it as another site", async () => {
    const html = await (await leave("https://www.taobao.com.login-check@evil.example/pay")).text();
    expect(html).toMatch(/data-testid="leaving-host"[^>]*>evil\.example</);
    // No text the reader sees names it (the page's own address, encoded in forms' return paths, does).
    expect(html).not.toMatch(/>[^<]*taobao/);
    expect(html).toContain("https://evil.example/pay");
  });

  it("refuses what is not an http(s) address, and passes this site's own and trusted domains straight on", async () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,<b>x</b>", "//evil.example", "/art/1", ""]) {
      const res = await leave(bad);
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toContain("链接无效");
    }
    const own = await leave("http://localhost:3000/art/1");
    expect([own.status, own.headers.get("location")]).toEqual([302, "http://localhost:3000/art/1"]);
    const owner = await s.send("/api/login/signin", {
      method: "POST",
      body: new URLSearchParams({ username: "owner", password: "owner-pass-1" }),
    });
    const token = ((await owner.json()) as { data: { token: string } }).data.token;
    const saved = await s.post(
      "/admin/settings",
      {
        siteTitle: "艺社",
        tokenExpireDays: "30",
        uploadsPerHour: "60",
        uploadMbPerDay: "500",
        trustedDomains: "bilibili.com",
      },
      { Cookie: `token=${token}` },
    );
    expect(saved.status).toBe(302);
    const trusted = await leave("https://space.bilibili.com/1");
    expect([trusted.status, trusted.headers.get("location")]).toEqual([302, "https://space.bilibili.com/1"]);
  });
});

describe("/mobile", () => {
  it("lists every node three to a row, and says how to add the site to the home screen", async () => {
    const html = await (await s.get("/mobile")).text();
    expect(html).toContain('data-testid="mobile-node-list"');
    expect(html).toContain("添加到主屏幕");
    expect(html).toContain('rel="apple-touch-icon" href="/icons/180.png"');
  });

  it("serves the home-screen icons as PNG, and no other size", async () => {
    for (const size of [180, 192, 512]) {
      const res = await s.get(`/icons/${size}.png`);
      expect(res.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.readUInt32BE(16)).toBe(size);
    }
    expect((await s.get("/icons/64.png")).status).toBe(404);
  });
});

describe("addresses that only take form posts", () => {
  it.each(["/user/1/follow", "/upload", "/user/checkin", "/user/background"])(
    "answer a GET of %s with 405 and a Chinese page, and log no [object Object]",
    async (path) => {
      const res = await s.get(path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("此地址只接受表单提交");
      expect(s.lines.join("\n")).not.toContain("[object Object]");
    },
  );
});
