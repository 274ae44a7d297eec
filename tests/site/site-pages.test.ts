import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";
import routes from "../../app/routes.ts";

let s: TestSite;
let token: string;
let workId: number;
beforeAll(async () => {
  s = await startSite({ SITE_URL: "https://yishe.example" });
  token = (await s.member("reader")).token;
  const nodes = (await (await s.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
  const res = await s.send("/api/art/create", {
    method: "POST",
    headers: { "X-User-Token": token, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ type: "1", nodeId: String(nodes.data[0].nodeId), content: "一张速写" }),
  });
  workId = ((await res.json()) as { data: { artId: number } }).data.artId;
});
afterAll(async () => s.close());

const views = async () =>
  ((await (await s.get(`/api/art/${workId}`)).json()) as { data: { viewCount: number } }).data.viewCount;
const errors = () => s.logged().filter((l) => l.level === "error");

describe("return paths", () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "/.\\/evil.example",
  ])("never leave the site for ref %j", async (ref) => {
    const page = await s.get(`/user/signin?ref=${encodeURIComponent(ref)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="ref" value="/"');
    const signin = await s.post("/user/signin", { intent: "signin", ref, username: "reader", password: "secret123" });
    expect(signin.status).toBe(302);
    expect(signin.headers.get("location")).toBe("/");
    const theme = await s.post("/theme", { theme: "dark", redirectTo: ref });
    expect(theme.headers.get("location")).toBe("/");
  });

  it("keeps CR and LF out of Location instead of failing", async () => {
    const res = await s.post("/theme", { theme: "dark", redirectTo: "/arts\r\nSet-Cookie: token=x" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/arts/);
    expect(res.headers.get("location")).not.toMatch(/[\r\n]/);
  });

  it("sends a visitor who reaches a gated page by a client-side navigation back to the page, not its data URL", async () => {
    for (const [data, page] of [
      ["/art/create.data?_routes=routes%2Fart%2Fcreate", "/art/create"],
      ["/user/favorites.data", "/user/favorites"],
    ]) {
      const res = await s.get(data);
      const text = await res.text();
      expect(text).toContain(`/user/signin?ref=${encodeURIComponent(page)}`);
      expect(text).not.toContain(".data");
    }
  });
});

describe("bad input on web routes is a 4xx, never a 500", () => {
  it("answers a JSON or broken multipart post to a form with 400", async () => {
    const json = await s.post("/user/signin", '{"username":"a"}', { "Content-Type": "application/json" });
    expect(json.status).toBe(400);
    const multipart = await s.post("/user/signin", '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end', {
      "Content-Type": "multipart/form-data; boundary=zz",
    });
    expect(multipart.status).toBe(400);
    const upload = await s.post("/upload", "--zz\r\nbroken", {
      "Content-Type": "multipart/form-data; boundary=zz",
      Cookie: `token=${token}`,
    });
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({ ok: false });
    const work = await s.post(`/art/${workId}`, "{}", { "Content-Type": "application/json", Cookie: `token=${token}` });
    expect(work.status).toBe(400);
  });

  it("answers every admin page, its data request and its form post with 403 for a visitor and a member", async () => {
    // The pages are read from the route table, so a new admin page without its guard fails here.
    const admin = routes.find((r) => r.path === "admin")!;
    const pages = admin.children!.map((r) =>
      r.index ? "/admin" : `/admin/${r.path!.replace(/:\w+/g, "1").replace("*", "x")}`,
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const cookie of ["", `token=${token}`]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      for (const page of pages) {
        expect([page, (await s.get(page, headers)).status]).toEqual([page, 403]);
        expect([page, (await s.get(`${page}.data`, headers)).status]).toEqual([page, 403]);
        // Nor does a post reach the API through the page's action (a page without one answers 405).
        const post = await s.post(page, { intent: "preview", refuse: "x", about: "x", count: "1" }, headers);
        expect([page, [403, 405].includes(post.status)]).toEqual([page, true]);
      }
    }
  });

  it("tells a signed-out visitor in Chinese, with the way to sign in and come back; a member is simply refused", async () => {
    const visitor = await (await s.get("/admin/works?page=2")).text();
    expect(visitor).toContain("管理后台需要登录后访问");
    expect(visitor).toContain(`href="/user/signin?ref=${encodeURIComponent("/admin/works?page=2")}"`);
    const member = await (await s.get("/admin/works", { Cookie: `token=${token}` })).text();
    expect(member).toContain("forbidden");
    expect(member).not.toContain("/user/signin?ref=");
  });

  it("logs none of them as errors", async () => {
    expect(errors()).toEqual([]);
  });
});

describe("views", () => {
  it("counts a person opening the page, not revalidations, likes or the edit form", async () => {
    const before = await views();
    await s.get(`/art/${workId}`, { Cookie: `token=${token}` });
    expect(await views()).toBe(before + 1);
    await s.get(`/art/${workId}.data`, { Cookie: `token=${token}` });
    await s.post(`/art/${workId}.data`, { intent: "like", js: "1" }, { Cookie: `token=${token}` });
    await s.get(`/art/${workId}.data`, { Cookie: `token=${token}` });
    // Without JavaScript: the post, then the page it redirects to (carrying its toast).
    const like = await s.post(`/art/${workId}`, { intent: "unlike" }, { Cookie: `token=${token}` });
    const flash = like.headers
      .getSetCookie()
      .find((c) => c.startsWith("flash="))!
      .split(";")[0];
    await s.get(`/art/${workId}`, { Cookie: `token=${token}; ${flash}` });
    await s.get(`/art/edit/${workId}`, { Cookie: `token=${token}` });
    expect(await views()).toBe(before + 1);
    // A client-side arrival counts itself once, and one person's second look in half an hour not at all.
    expect((await s.post(`/art/${workId}/view`, "", { Cookie: `token=${token}` })).status).toBe(204);
    expect(await views()).toBe(before + 1);
    const other = await s.member("secondlook");
    expect((await s.post(`/art/${workId}/view`, "", { Cookie: `token=${other.token}` })).status).toBe(204);
    expect(await views()).toBe(before + 2);
  });

  it("counts no crawler, neither its fetch of the page nor the page's own count when it runs the script", async () => {
    const before = await views();
    const crawlers = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
    ];
    for (const agent of crawlers) {
      const page = await s.get(`/art/${workId}`, { "User-Agent": agent });
      expect(page.status).toBe(200);
      // The page tells its script there is nothing left to count (its packed data: JSON in a string in a script).
      expect(await page.text()).toContain('\\\\\\"counted\\\\\\":true');
      expect((await s.post(`/art/${workId}/view`, "", { "User-Agent": agent })).status).toBe(204);
    }
    expect(await views()).toBe(before);
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
    await s.get(`/art/${workId}`, { "User-Agent": person });
    expect(await views()).toBe(before + 1);
  });
});

describe("the site's address", () => {
  it("comes from SITE_URL, never the Host header", async () => {
    const html = await (await s.send(`/art/${workId}`, { headers: { Host: "evil.example" } })).text();
    expect(html).toContain(`<link rel="canonical" href="https://yishe.example/art/${workId}"/>`);
    expect(html).toContain(`content="https://yishe.example/art/${workId}"`);
    expect(html).not.toContain("evil.example");
    const qr = async (host: string) => (await s.send(`/art/${workId}/qr.svg`, { headers: { Host: host } })).text();
    expect(await qr("evil.example")).toBe(await qr("yishe.example"));
  });
});

describe("behind a reverse proxy", () => {
  let p: TestSite;
  beforeAll(async () => {
    p = await startSite({ TRUST_PROXY: "on", SITE_URL: "https://yishe.example" });
    await p.member("proxied");
  });
  afterAll(async () => p.close());

  const fromProxy = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "yishe.example",
    Origin: "https://yishe.example",
  };

  it("signs in and likes over HTTPS when the proxy is trusted", async () => {
    const signin = await p.post(
      "/user/signin",
      { intent: "signin", ref: "/arts", username: "proxied", password: "secret123" },
      { ...fromProxy, "X-Forwarded-For": "198.51.100.4" },
    );
    expect(signin.status).toBe(302);
    expect(signin.headers.get("location")).toBe("/arts");
    const cookie = signin.headers.getSetCookie().find((c) => c.startsWith("token="))!;
    expect(cookie).toContain("; Secure");
    expect(signin.headers.get("strict-transport-security")).toContain("max-age=");
    const nodes = (await (await p.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
    const userToken = cookie.split(";")[0].slice("token=".length);
    const created = await p.send("/api/art/create", {
      method: "POST",
      headers: { "X-User-Token": userToken, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ type: "1", nodeId: String(nodes.data[0].nodeId), content: "代理后面" }),
    });
    const id = ((await created.json()) as { data: { artId: number } }).data.artId;
    const like = await p.post(`/art/${id}`, { intent: "like" }, { ...fromProxy, Cookie: cookie.split(";")[0] });
    expect(like.status).toBe(302);
    const work = (await (await p.get(`/api/art/${id}`, { "X-User-Token": userToken })).json()) as {
      data: { likeCount: number };
    };
    expect(work.data.likeCount).toBe(1);
  });

  it("takes the client's address from the proxy's X-Forwarded-For entry", async () => {
    // Five failures from one client address block that address for this account; another client is unaffected.
    for (let i = 0; i < 5; i++)
      await p.post(
        "/user/signin",
        { intent: "signin", username: "proxied", password: "nope" },
        { ...fromProxy, "X-Forwarded-For": `6.6.6.${i}, 203.0.113.9` },
      );
    const blocked = await p.post(
      "/user/signin",
      { intent: "signin", username: "proxied", password: "secret123" },
      { ...fromProxy, "X-Forwarded-For": "203.0.113.9" },
    );
    expect(await blocked.text()).toContain("尝试次数过多");
    const other = await p.post(
      "/user/signin",
      { intent: "signin", username: "proxied", password: "secret123" },
      { ...fromProxy, "X-Forwarded-For": "203.0.113.10" },
    );
    expect(other.status).toBe(302);
  });

  it("ignores forwarded headers when no proxy is trusted", async () => {
    const res = await s.post(
      "/user/signin",
      { intent: "signin", username: "reader", password: "secret123" },
      fromProxy,
    );
    expect(res.status).toBe(403);
    // A client cannot dodge the limits by inventing addresses.
    for (let i = 0; i < 5; i++)
      await s.post(
        "/user/signin",
        { intent: "signin", username: "reader", password: "nope" },
        { "X-Forwarded-For": `10.9.9.${i}` },
      );
    const blocked = await s.post(
      "/user/signin",
      { intent: "signin", username: "reader", password: "secret123" },
      { "X-Forwarded-For": "10.9.9.99" },
    );
    expect(await blocked.text()).toContain("尝试次数过多");
  });
});
