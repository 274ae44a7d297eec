import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardView } from "../../contract/admin/views.ts";
import { forgetHealth } from "../../api/lib/health.ts";
import { releaseOf } from "../../server/release.ts";
import { startSite, type TestSite } from "./test-site.ts";

// The operator's page (issue 54): the admin overview shows every process with its build and uptime, and what each
// sees of what the site depends on, as the probes see it. Here Redis is named but nothing answers there.
let s: TestSite;
let owner: string;
beforeAll(async () => {
  forgetHealth();
  s = await startSite({ REDIS_URL: "redis://127.0.0.1:9/0" });
  const res = await s.send("/api/login/signin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "owner", password: "owner-pass-1" }),
  });
  owner = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => s.close());

describe("运行状态", () => {
  it("lists this process with its build, start and checks: the database up, Redis down and why", async () => {
    let dashboard: DashboardView | null = null;
    // The first heartbeat runs the checks as the site starts.
    for (let i = 0; i < 50; i++) {
      const res = await s.get("/api/admin/dashboard", { "X-User-Token": owner });
      dashboard = ((await res.json()) as { data: DashboardView }).data;
      if (dashboard.processes.some((p) => p.pid === process.pid && p.health.redis)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const me = dashboard!.processes.find((p) => p.pid === process.pid)!;
    expect(me.release).toBe(releaseOf(path.resolve("."), null));
    expect(me.seenAt).toBeGreaterThanOrEqual(me.startedAt);
    expect(me.health.database).toMatchObject({ up: true });
    expect(me.health.migrations).toMatchObject({ up: true });
    expect(me.health.redis).toMatchObject({ up: false });
    expect(me.health.redis!.detail).toBeTruthy();
  });

  it("is shown on the admin overview", async () => {
    const page = await s.get("/admin", { Cookie: `token=${owner}` });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("运行状态");
    expect(html).toContain("Redis：异常");
    expect(html).toContain("数据库：正常");
  });

  it("is for admins only", async () => {
    const ann = await s.member("ann");
    const res = await s.get("/api/admin/dashboard", { "X-User-Token": ann.token });
    expect(res.status).toBe(403);
  });
});
