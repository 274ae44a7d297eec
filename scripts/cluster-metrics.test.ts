import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts } from "../api/test/ports.ts";

// Prometheus's address under WORKERS (issue 54): the primary sums what every worker counted, apart from the public port.
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-metrics-"));
const [port, metricsPort] = await freePorts(2);
let output = "";
const server = spawn(process.execPath, ["server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dir,
    DEMO_CONTENT: "0",
    WORKERS: "2",
    LOG_LEVEL: "info",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout!.on("data", (d) => (output += d));
server.stderr!.on("data", (d) => (output += d));
beforeAll(async () => {
  for (let i = 0; i < 300 && !output.includes('"workers listening"'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('"workers listening"')) throw new Error(`the server did not start:\n${output}`);
}, 40_000);
afterAll(() => {
  server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** One request on a connection of its own: node:cluster hands each to the next worker. */
const get = (pathname: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ port, path: pathname, agent: false }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end();
  });

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  const text = await res.text();
  const line = /^http_request_duration_seconds_count\{[^}]*route="\/about"[^}]*status="200"[^}]*\} (\d+)$/m.exec(text);
  return { text, count: Number(line?.[1] ?? 0) };
};

describe("metrics under WORKERS=2", () => {
  it("are the sum of both workers: twelve requests served by both raise the count by twelve", async () => {
    const before = await scrape();
    // Node's own measures, from every worker.
    expect(before.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(before.text).toMatch(/^process_resident_memory_bytes /m);
    const logged = output.length;
    for (let i = 0; i < 12; i++) expect((await get("/about")).status).toBe(200);
    expect((await scrape()).count - before.count).toBe(12);
    const workers = new Set(
      output
        .slice(logged)
        .split("\n")
        .filter((l) => l.includes('"msg":"request"') && l.includes('"route":"/about"'))
        .map((l) => (JSON.parse(l) as { worker: number }).worker),
    );
    expect(workers).toEqual(new Set([1, 2]));
  });

  it("are never served on the public port", async () => {
    expect((await get("/metrics")).text).not.toContain("http_request_duration_seconds");
  });
});
