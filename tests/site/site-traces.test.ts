import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../contract/shared/log.ts";
import { startTracing, type Tracing } from "../../server/tracing.ts";
import { testRedis } from "../../api/test/redis.ts";
import { startSite, type TestSite } from "./test-site.ts";

// OpenTelemetry traces (issue 54), received by a stub collector speaking OTLP/HTTP: one trace from the page's request
// through its loaders' API calls to the SQL statements and Redis commands, the request id on its root.
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
};
const { up: redisUp, redis } = await testRedis();
redis.disconnect();

let s: TestSite;
let stub: Server;
let tracing: Tracing | null;
const spans: Span[] = [];
const paths: string[] = [];
beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      paths.push(`${req.url} ${req.headers["content-type"]}`);
      const sent = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
      };
      for (const r of sent.resourceSpans) for (const scope of r.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => stub.listen(0, "127.0.0.1", r));
  const { port } = stub.address() as { port: number };
  tracing = await startTracing(
    { endpoint: `http://127.0.0.1:${port}`, serviceName: "yishe-test", sampleRatio: 1 },
    "3f2a9c1",
    silentLogger,
  );
  s = await startSite(redisUp ? { REDIS_URL: "redis://127.0.0.1:6379/13" } : {});
});
afterAll(async () => {
  await s.close();
  stub.close();
});

const attr = (span: Span, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};

describe("a trace", () => {
  it("runs from the page's request through its API calls to each SQL statement and Redis command", async () => {
    const ann = await s.member("ann");
    const page = await s.get(`/user/${ann.user.id}`, { Cookie: `token=${ann.token}` });
    expect(page.status).toBe(200);
    await page.text();
    const id = page.headers.get("x-request-id");
    // A sign-in counts its attempt where the limits are kept: Redis, when it is configured.
    const signin = await s.post(
      "/api/login/signin",
      { username: "ann", password: "not-her-password" },
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    const signinId = signin.headers.get("x-request-id");
    await tracing!.shutdown();
    expect(paths[0]).toBe("/v1/traces application/json");
    const root = spans.find((sp) => attr(sp, "request.id") === id)!;
    expect(root).toMatchObject({ name: "GET /user/:userId", kind: 2 });
    expect(root.parentSpanId ?? "").toBe("");
    expect(attr(root, "http.response.status_code")).toBe(200);
    const trace = spans.filter((sp) => sp.traceId === root.traceId);
    const names = trace.map((sp) => sp.name);
    // The loaders' calls, named by their endpoints' patterns, children of the root.
    const calls = trace.filter((sp) => sp.name.startsWith("api GET /api/"));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((sp) => sp.parentSpanId === root.spanId)).toBe(true);
    expect(names).toContain("api GET /api/user/info/:id");
    // The statements under the calls.
    const statements = trace.filter((sp) => sp.name === "db select");
    expect(statements.length).toBeGreaterThan(2);
    const callIds = new Set(calls.map((sp) => sp.spanId));
    expect(statements.some((sp) => callIds.has(sp.parentSpanId ?? ""))).toBe(true);
    expect(attr(statements[0], "db.query.text")).toMatch(/^select /i);
    // Redis, where it is configured: its commands are spans of the request that made them.
    if (redisUp) {
      const signinRoot = spans.find((sp) => attr(sp, "request.id") === signinId)!;
      expect(signinRoot.name).toBe("POST /api/login/signin");
      const sameTrace = spans.filter((sp) => sp.traceId === signinRoot.traceId);
      expect(sameTrace.some((sp) => attr(sp, "db.system") === "redis" || attr(sp, "db.system.name") === "redis")).toBe(
        true,
      );
    }
  });
});
