import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../api/lib/metrics.ts";
import { startSite, type TestSite } from "./test-site.ts";

// Logs that follow a request, and what the process counts (issue 54).
let s: TestSite;
let behindProxy: TestSite;
beforeAll(async () => {
  [s, behindProxy] = await Promise.all([startSite(), startSite({ TRUST_PROXY: "on" })]);
});
afterAll(async () => Promise.all([s.close(), behindProxy.close()]));

type Line = Record<string, unknown>;
const requestLines = (site: TestSite) => site.logged().filter((l) => l.msg === "request");
const lineOf = (site: TestSite, id: string | null) => requestLines(site).find((l) => l.reqId === id);

describe("a request's log line", () => {
  it("carries the id its answer's X-Request-Id carried, the route's pattern, status, time and process", async () => {
    const ann = await s.member("ann");
    const res = await s.get(`/user/${ann.user.id}`, { Cookie: `token=${ann.token}` });
    expect(res.status).toBe(200);
    await res.text();
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = lineOf(s, id) as Line;
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/user/:userId",
      status: 200,
      ip: "127.0.0.1",
      userId: ann.user.id,
      pid: process.pid,
    });
    expect(typeof line.ms).toBe("number");
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("names an API call by its endpoint's pattern, not by the address asked", async () => {
    const res = await s.get("/api/art/12345");
    const line = lineOf(s, res.headers.get("x-request-id")) as Line;
    expect(line.route).toBe("/api/art/:id");
    expect(JSON.stringify(line)).not.toContain("12345");
  });

  it("takes X-Request-Id only from a trusted proxy: a client outside cannot choose it", async () => {
    const given = "edge-4f1c2a9b-77";
    const outside = await s.get("/about", { "X-Request-Id": given });
    expect(outside.headers.get("x-request-id")).not.toBe(given);
    expect(requestLines(s).some((l) => l.reqId === given)).toBe(false);
    const proxied = await behindProxy.get("/about", { "X-Request-Id": given, "X-Forwarded-For": "203.0.113.9" });
    expect(proxied.headers.get("x-request-id")).toBe(given);
    expect(lineOf(behindProxy, given)).toMatchObject({ route: "/about", ip: "203.0.113.9" });
    // Something that is no id (a header a client pads with text) is replaced even from the proxy.
    const odd = await behindProxy.get("/about", { "X-Request-Id": "a b<script>" });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is the id of every line written while the request is served, the API's own included", async () => {
    const res = await s.post(
      "/api/login/signin",
      { username: "nobody", password: "wrong-password" },
      {
        "Content-Type": "application/x-www-form-urlencoded",
      },
    );
    const id = res.headers.get("x-request-id");
    expect(lineOf(s, id)).toMatchObject({ route: "/api/login/signin", status: 400 });
    // A page whose loaders call the API in-process: one request line, with the page's route, for all of it.
    const page = await s.get("/arts");
    await page.text();
    const pageId = page.headers.get("x-request-id");
    expect(requestLines(s).filter((l) => l.reqId === pageId)).toHaveLength(1);
    expect(lineOf(s, pageId)?.route).toBe("/arts");
  });

  it("gives an unknown path the home page's splat, not the path itself", async () => {
    const res = await s.get("/no/such/place-9876");
    expect(res.status).toBe(404);
    await res.text();
    const line = lineOf(s, res.headers.get("x-request-id")) as Line;
    expect(line.status).toBe(404);
    expect(JSON.stringify(line)).not.toContain("place-9876");
  });
});

describe("http_request_duration_seconds", () => {
  const countOf = async (route: string) => {
    const metric = await registry.getSingleMetric("http_request_duration_seconds")!.get();
    return metric.values
      .filter((v) => (v as { metricName?: string }).metricName?.endsWith("_count") && v.labels.route === route)
      .reduce((n, v) => n + v.value, 0);
  };

  it("counts each request once, by route pattern, method and status", async () => {
    const before = await countOf("/tags/:page?");
    for (let i = 0; i < 7; i++) await (await s.get(`/tags/${i + 1}`)).text();
    expect((await countOf("/tags/:page?")) - before).toBe(7);
  });
});
