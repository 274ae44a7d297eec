import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "./test-site.ts";

// Probes for the people who run the site (issue 54): answered ahead of the pages, never cached, never logged.
let s: TestSite;
beforeAll(async () => {
  s = await startSite();
});
afterAll(async () => s.close());

const json = async (res: Response) => (await res.json()) as { status: string; checks?: Record<string, string> };

describe("probes", () => {
  it("/livez answers that the process is alive, /readyz that the database and its migrations are", async () => {
    const live = await s.get("/livez");
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(await json(live)).toEqual({ status: "live" });
    const ready = await s.get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await json(ready)).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } });
  });

  it("are not logged a line a call", async () => {
    const before = s.logged().length;
    for (let i = 0; i < 5; i++) await s.get("/readyz");
    await s.get("/livez");
    expect(
      s
        .logged()
        .slice(before)
        .filter((l) => l.route === "/readyz" || l.route === "/livez" || l.msg === "request"),
    ).toEqual([]);
  });

  it("says 503, naming what failed and no more, when a migration has not run", async () => {
    await s.site
      .database!.db.deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "0026_fourth_review" as never)
      .execute();
    const res = await s.get("/readyz");
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ status: "not ready", checks: { database: "ok", migrations: "failed" } });
    expect(s.logged().some((l) => l.msg === "readiness check failed" && l.check === "migrations")).toBe(true);
  });

  it("an unknown path shows the home page with 404 and noindex; the probes and real routes are not swallowed", async () => {
    for (const path of ["/health", "/healthz", "/metrics", "/.well-known/security.txt", "/no/such/page"]) {
      const res = await s.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');
    }
    expect((await s.get("/")).status).toBe(200);
  });
});

describe("a probe with the database gone", () => {
  it("says 503 naming the database", async () => {
    const other = await startSite();
    try {
      await other.site.database!.close();
      const res = await other.get("/readyz");
      expect(res.status).toBe(503);
      expect((await json(res)).checks).toMatchObject({ database: "failed" });
      expect((await other.get("/livez")).status).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe("a probe while the site stops", () => {
  it("says 503 from the moment the stop begins, and the database gone says so", async () => {
    const other = await startSite();
    try {
      other.site.drain();
      const res = await other.get("/readyz");
      expect(res.status).toBe(503);
      expect(await json(res)).toEqual({ status: "stopping", checks: {} });
      expect((await other.get("/livez")).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
