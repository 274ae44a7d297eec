import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readEnv } from "../../api/config/env.ts";
import { createLogger } from "../../api/lib/log.ts";
import { createSite } from "../../server/site.ts";
type Built = typeof import("../../server/app.ts");
import { startSite, type TestSite } from "./test-site.ts";

/**
 * Visitors' pages stored per change (server/speed/stored-pages), through the whole site: what a visitor sees after
 * each kind of write, and what is never stored. Counts are dropped by the job at once here (PAGE_COUNTS_LAG_MS=0).
 */
let s: TestSite;
let owner: string;
let author: { token: string; user: { id: number } };
let nodeId: number;
beforeAll(async () => {
  s = await startSite({ PAGE_COUNTS_LAG_MS: "0" });
  const res = await s.send("/api/login/signin", {
    method: "POST",
    body: new URLSearchParams({ username: "owner", password: "owner-pass-1" }),
  });
  owner = ((await res.json()) as { data: { token: string } }).data.token;
  author = await s.member("stored");
  const nodes = (await (await s.get("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
  nodeId = nodes.data[0].nodeId;
});
afterAll(async () => s.close());

const api = async (path: string, token: string, body: Record<string, unknown>) => {
  const res = await s.send(`/api${path}`, {
    method: "POST",
    headers: { "X-User-Token": token, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; message: string; data: unknown };
  expect(answer.message).toBe("");
  return answer.data;
};
const publish = async (content: string) =>
  ((await api("/art/create", author.token, { type: "1", content, nodeId: String(nodeId) })) as { artId: number }).artId;
const visit = async (path: string, headers: Record<string, string> = {}) => {
  const res = await s.get(path, headers);
  return { status: res.status, cache: res.headers.get("x-cache"), html: await res.text(), res };
};
/** Visits until the page is served stored: it is written to the store while the first visitor is answered. */
const stored = async (path: string) => {
  await vi.waitFor(async () => expect((await visit(path)).cache).toBe("HIT"), { timeout: 5000, interval: 20 });
};

describe("a visitor's work page", () => {
  it("is rendered once and served stored; a member's never is", async () => {
    const id = await publish(`存起来的作品${Date.now()}`);
    expect((await visit(`/art/${id}`)).cache).toBe("MISS");
    await stored(`/art/${id}`);
    const member = await visit(`/art/${id}`, { Cookie: `token=${author.token}` });
    expect(member.cache).toBeNull();
    expect(member.res.headers.get("cache-control")).toBe("no-store");
    expect(member.res.headers.get("x-visitor-cache")).toBeNull();
    // The visitor's copy: validators, and nothing a browser would hand to the next visitor.
    const seen = await visit(`/art/${id}`);
    expect(seen.res.headers.get("cache-control")).toBe("private, no-cache");
    const again = await s.get(`/art/${id}`, { "If-None-Match": seen.res.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(seen.res.headers.get("content-security-policy")).toContain("nonce-");
  });

  it("shows an edit, a comment, a new name and a like at once or within the counts' lag", async () => {
    const id = await publish(`改之前${Date.now()}`);
    await stored(`/art/${id}`);
    await api(`/art/update/${id}`, author.token, { type: "1", content: "改过了的正文", nodeId: String(nodeId) });
    expect((await visit(`/art/${id}`)).html).toContain("改过了的正文");

    await stored(`/art/${id}`);
    await api("/comment/create", owner, { workId: id, content: "存着的页面也看得见这条评论" });
    expect((await visit(`/art/${id}`)).html).toContain("存着的页面也看得见这条评论");

    await stored(`/art/${id}`);
    await api("/user/profile", author.token, { nickname: "改了名的画友", description: "" });
    expect((await visit(`/art/${id}`)).html).toContain("改了名的画友");

    await stored(`/art/${id}`);
    const before = (await visit(`/art/${id}`)).html;
    await api(`/art/like/${id}`, owner, {});
    await vi.waitFor(async () => expect((await visit(`/art/${id}`)).html).not.toBe(before), { timeout: 10_000 });
  });

  it("shows the works its text shows as blocks as they now stand", async () => {
    const shown = await publish(`被引用的动态${Date.now()}`);
    const article = (
      (await api("/art/create", author.token, {
        type: "0",
        title: `引用了别的作品${Date.now()}`,
        content: `看这一件：\n\n/art/${shown}\n\n就这些。`,
        nodeId: String(nodeId),
      })) as { artId: number }
    ).artId;
    expect((await visit(`/art/${article}`)).html).toContain("被引用的动态");
    await stored(`/art/${article}`);
    await api(`/art/update/${shown}`, author.token, { type: "1", content: "被引用后又改过", nodeId: String(nodeId) });
    const edited = (await visit(`/art/${article}`)).html;
    expect(edited).toContain("被引用后又改过");
    expect(edited).toMatch(/class="embed embed-work"/);

    await stored(`/art/${article}`);
    await api(`/art/delete/${shown}`, author.token, {});
    const after = (await visit(`/art/${article}`)).html;
    expect(after).not.toContain("被引用后又改过");
    expect(after).not.toMatch(/class="embed embed-work"/);
  });

  it("is never served after the work is deleted or hidden", async () => {
    const gone = await publish(`要删的${Date.now()}`);
    await stored(`/art/${gone}`);
    await api(`/art/delete/${gone}`, author.token, {});
    expect((await visit(`/art/${gone}`)).status).toBe(404);

    const hidden = await publish(`要藏的${Date.now()}`);
    await stored(`/art/${hidden}`);
    await api("/admin/works", owner, { ids: [hidden], action: "hide", reason: "测试" });
    expect((await visit(`/art/${hidden}`)).status).toBe(404);
  });
});

describe("listings and the site", () => {
  it("show a new work at once, and a settings change on every stored page", async () => {
    await stored("/");
    const id = await publish(`首页马上能看到${Date.now()}`);
    expect((await visit("/")).html).toContain(`/art/${id}`);
    await stored("/");
    await stored(`/art/${id}`);
    await api("/admin/config", owner, { siteTitle: "存页测试站", tokenExpireDays: 30, siteNavs: "[]" });
    expect((await visit("/")).html).toContain("存页测试站");
    expect((await visit(`/art/${id}`)).html).toContain("存页测试站");
  });

  it("keep a member's profile stored until the member changes it", async () => {
    const profile = `/user/${author.user.id}`;
    await stored(profile);
    await api("/user/profile", author.token, { nickname: "又改了名", description: "新的简介写在这里" });
    expect((await visit(profile)).html).toContain("新的简介写在这里");
  });
});

describe("two servers on one machine", () => {
  it("share the stored pages on disk: a write through one is never served stale by the other", async () => {
    const other = await createSite(
      readEnv({ DATA_DIR: s.dir, DEMO_CONTENT: "0", CAPTCHA: "off", NODE_ENV: "test", WORKERS: "2" }),
      createLogger("silent"),
      await ((await import(path.resolve("build/server/index.js"))) as Built).pages(),
    );
    try {
      const id = await publish(`两台服务器${Date.now()}`);
      const page = `${s.origin}/art/${id}`;
      await stored(`/art/${id}`);
      // Served from the file the first one wrote.
      expect((await other.fetch(new Request(page))).headers.get("x-cache")).toBe("HIT");
      const edited = await other.fetch(
        new Request(`${s.origin}/api/art/update/${id}`, {
          method: "POST",
          headers: { "X-User-Token": author.token, "Content-Type": "application/json" },
          body: JSON.stringify({ type: "1", content: "另一台改的", nodeId: String(nodeId) }),
        }),
      );
      expect(((await edited.json()) as { success: boolean }).success).toBe(true);
      expect((await visit(`/art/${id}`)).html).toContain("另一台改的");
    } finally {
      await other.close();
    }
  });
});
