import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../contract/shared/log.ts";
import { sendErrorsWith } from "../../api/lib/error-reports.ts";
import { startErrorReports, type ErrorReports } from "../../server/error-reports.ts";
import { startSite, type TestSite } from "./test-site.ts";

// Error reports to a Sentry-compatible service (issue 54), received by a stub of one: what a report carries (the
// build, the route, the request id) and what it never does (the person).
let s: TestSite;
let stub: Server;
let reports: ErrorReports;
const received: string[] = [];
beforeAll(async () => {
  stub = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      received.push(`${req.url}\n${req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body}`);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => stub.listen(0, "127.0.0.1", r));
  const { port } = stub.address() as { port: number };
  reports = await startErrorReports(
    { dsn: `http://publickey1234@127.0.0.1:${port}/7`, release: "3f2a9c1" },
    silentLogger,
  );
  s = await startSite();
});
afterAll(async () => {
  sendErrorsWith(null);
  await s.close();
  stub.close();
});

describe("an error on the server", () => {
  it("is logged with its request's id and reported once, naming the build, route and id, never the person", async () => {
    const ann = await s.member("ann");
    // The tags' table gone under the API: a 500, as a broken database would give.
    await s.site
      .database!.db.schema.dropTable("tags")
      .cascade()
      .execute()
      .catch(async () => {
        await s.site.database!.db.schema.dropTable("tags").execute();
      });
    const res = await s.get("/api/tag/1", { "X-User-Token": ann.token, Cookie: `token=${ann.token}` });
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id")!;
    const lines = s.logged().filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(["api error", "request"]);
    await reports.flush(3_000);
    const envelopes = received.filter((r) => r.includes(id));
    expect(envelopes).toHaveLength(1);
    const [url, ...items] = envelopes[0].split("\n");
    expect(url).toMatch(/^\/api\/7\/envelope\/\?.*sentry_key=publickey1234/);
    const event = items.map((l) => JSON.parse(l) as Record<string, unknown>).find((o) => "exception" in o)!;
    expect(event).toMatchObject({
      release: "3f2a9c1",
      platform: "node",
      tags: { request_id: id, route: "/api/tag/:id", where: "api" },
    });
    expect(JSON.stringify(event)).toMatch(/no such table: tags|relation "tags" does not exist/);
    expect(event.user).toBeUndefined();
    expect(event.request).toBeUndefined();
    expect(envelopes[0]).not.toContain(ann.token);
    expect(envelopes[0]).not.toContain('127.0.0.1"');
  });

  it("a refusal (a 4xx) is nobody's error: nothing is reported", async () => {
    const before = received.length;
    const res = await s.get("/api/art/99999999");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await reports.flush(1_000);
    expect(received.length).toBe(before);
  });
});
