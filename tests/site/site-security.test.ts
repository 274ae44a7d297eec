import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "../../contract/shared/limits.ts";
import { listen } from "../../server/listen.ts";
import { startSite, type TestSite } from "./test-site.ts";
import { pagePolicy } from "../../server/security.ts";
import { authorizeOrigins } from "../../api/lib/oauth.ts";

let s: TestSite;
beforeAll(async () => {
  s = await startSite();
});
afterAll(async () => s.close());

/** A body sent in chunks with no Content-Length, as a client streaming a large post would. */
function chunked(bytes: number, chunk = 16 * 1024) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      controller.enqueue(new TextEncoder().encode("a".repeat(n)));
    },
  });
}

describe("security headers", () => {
  it("lets forms post only here, and on to the sign-in pages of the third parties the site has set up", () => {
    expect(pagePolicy("n", { https: false, dev: false })).toContain("form-action 'self';");
    const origins = authorizeOrigins({
      github: { clientId: "a", clientSecret: "b" },
      qq: { clientId: "a", clientSecret: "b", server: "http://127.0.0.1:9000" },
      osc: { clientId: "a", clientSecret: "" },
      wechat: { clientId: "wx1", clientSecret: "b" },
      weibo: { clientId: "a", clientSecret: "b" },
    });
    expect(origins).toEqual([
      "https://open.weixin.qq.com",
      "https://api.weibo.com",
      "http://127.0.0.1:9000",
      "https://github.com",
    ]);
    expect(pagePolicy("n", { https: false, dev: false, formTargets: origins })).toContain(
      "form-action 'self' https://open.weixin.qq.com https://api.weibo.com http://127.0.0.1:9000 https://github.com;",
    );
  });

  it("gives every page a CSP whose script nonce is fresh per response and carried by every script", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await s.get("/user/signin");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const nonce = /'nonce-([\w-]+)'/.exec(csp)![1];
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !tag.includes("application/ld+json"));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("caches what the listing routes mark, for documents and data requests, and never a work page", async () => {
    for (const path of [
      "/",
      "/arts",
      "/different",
      "/tags",
      "/projects",
      "/articles",
      "/topics",
      "/arts/node/newest",
      "/arts.data",
    ]) {
      await s.get(path);
      const again = await s.get(path);
      expect(again.headers.get("x-cache"), path).toBe("HIT");
      expect(again.headers.has("x-visitor-cache")).toBe(false);
    }
    for (const path of ["/user/signin", "/search?q=a", "/art/1"]) {
      await s.get(path);
      expect((await s.get(path)).headers.get("x-cache"), path).toBeNull();
    }
  });

  it("gives a visitor's page served from the micro-cache this response's nonce", async () => {
    await s.get("/arts");
    const hit = await s.get("/arts");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const nonce = /'nonce-([\w-]+)'/.exec(hit.headers.get("content-security-policy")!)![1];
    const html = await hit.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.match(/nonce="([\w-]+)"/g)!.every((n) => n === `nonce="${nonce}"`)).toBe(true);
  });

  it("locks down /api, /uploads and the service worker too", async () => {
    const folder = path.join(s.dir, "uploads", "2026", "11");
    mkdirSync(folder, { recursive: true });
    for (const ext of ["wav", "ogg", "flac", "m4a", "mp3"]) writeFileSync(path.join(folder, `a.${ext}`), "x");
    const api = await s.get("/api/config/configs");
    expect(api.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    const types = { wav: "audio/wav", ogg: "audio/ogg", flac: "audio/flac", m4a: "audio/mp4", mp3: "audio/mpeg" };
    for (const [ext, type] of Object.entries(types)) {
      const media = await s.get(`/uploads/2026/11/a.${ext}`);
      expect(media.headers.get("content-type")).toBe(type);
      expect(media.headers.get("content-security-policy")).toContain("sandbox");
      expect(media.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const worker = await s.get("/sw.js");
    expect(worker.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'none'");
  });
});

describe("over a real socket (headers go onto Node's response)", () => {
  it("sends the same headers, and a page's nonce matches its scripts, fresh or cached", async () => {
    const { server, listening } = listen(s.site, 0);
    await listening;
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      for (const path of ["/user/signin", "/tags", "/tags"]) {
        const res = await fetch(base + path);
        const nonce = /'nonce-([\w-]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
        expect(nonce, path).toBeTruthy();
        const found = [...(await res.text()).matchAll(/nonce="([\w-]+)"/g)].map((m) => m[1]);
        expect(found.length).toBeGreaterThan(0);
        expect(new Set(found)).toEqual(new Set([nonce]));
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      }
      // Copies of a page served again are reused once sent: many visitors at once, round after round, each get a
      // nonce of their own, in every place it stands.
      const nonces = new Set<string>();
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            fetch(`${base}/tags`, { headers: { "accept-encoding": i % 2 ? "gzip" : "identity" } }),
          ),
        );
        for (const res of answers) {
          const nonce = /'nonce-([\w-]+)'/.exec(res.headers.get("content-security-policy") ?? "")![1];
          const found = [...(await res.text()).matchAll(/nonce="([\w-]+)"/g)].map((m) => m[1]);
          expect(new Set(found)).toEqual(new Set([nonce]));
          nonces.add(nonce);
        }
      }
      expect(nonces.size).toBe(60);
      const api = await fetch(`${base}/api/config/configs`);
      expect(api.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      expect(api.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    } finally {
      // Not stop(): that would close the site's database, which the other tests still use.
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("request bodies on web routes", () => {
  it("refuses a declared body over the route's limit with 413 and a Chinese page, before reading it", async () => {
    const big = "a=" + "x".repeat(requestLimits.form);
    const res = await s.post("/user/signin", big, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("提交的内容过大");
  });

  it("stops reading a chunked body at the limit", async () => {
    for (const route of ["/user/signin", "/theme", "/admin", "/art/1"]) {
      const res = await s.post(route, chunked(requestLimits.form * 4), {
        "Content-Type": "application/x-www-form-urlencoded",
      });
      expect(res.status).toBe(413);
    }
    const { token } = await s.member("bigsender");
    const upload = await s.post("/upload", chunked(requestLimits.upload + 1024, 1024 * 1024), {
      "Content-Type": "multipart/form-data; boundary=x",
      Cookie: `token=${token}`,
    });
    expect(upload.status).toBe(413);
    expect(await upload.json()).toMatchObject({ ok: false, error: expect.stringContaining("51MB") });
  });

  it("hands a small chunked body on whole", async () => {
    const body = new TextEncoder().encode("theme=dark&redirectTo=%2Farts");
    const stream = new ReadableStream({ start: (c) => (c.enqueue(body), c.close()) });
    const res = await s.post("/theme", stream, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/arts");
    expect(res.headers.get("set-cookie")).toContain("theme=dark");
  });
});

describe("what browsers may keep", () => {
  it("keeps nothing private: signed-in pages and API answers are no-store, visitors' pages keep their caching", async () => {
    const { token } = await s.member("privacy");
    const cookie = { Cookie: `token=${token}` };
    for (const path of ["/", "/user/messages", "/about"])
      expect((await s.get(path, cookie)).headers.get("cache-control"), path).toBe("no-store");
    for (const path of ["/api/user/current", "/api/user/msgrecent"])
      expect((await s.get(path, { "X-User-Token": token })).headers.get("cache-control"), path).toBe("no-store");
    expect((await s.get("/api/art/list")).headers.get("cache-control")).toBe("no-store");
    expect((await s.get("/about")).headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("where posts come from", () => {
  it.each(["/theme", "/user/signout", "/upload", "/user/signin", "/art/1/view"])(
    "refuses a post to %s from another site",
    async (route) => {
      const res = await s.post(route, { theme: "dark" }, { Origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
      const noOrigin = await s.send(route, {
        method: "POST",
        headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
        body: "theme=dark",
      });
      expect(noOrigin.status).toBe(403);
      const nullOrigin = await s.post(route, { theme: "dark" }, { Origin: "null" });
      expect(nullOrigin.status).toBe(403);
    },
  );

  it("accepts the site's own posts", async () => {
    expect((await s.post("/theme", { theme: "light", redirectTo: "/" })).status).toBe(302);
  });
});

describe("methods", () => {
  it.each(["PUT", "DELETE", "PATCH"])("answers %s on a page with 405 and Allow", async (method) => {
    const res = await s.send("/", { method, headers: { Origin: s.origin } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});
