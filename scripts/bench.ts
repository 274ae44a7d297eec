/**
 * `npm run bench`: starts the built server on a freshly seeded demo database and measures requests per second and
 * latency (p50/p99) at 50 connections with autocannon, then the server's resident memory. A benchmark, not a test:
 * it prints figures and asserts nothing. BENCH_SECONDS (default 10) sets each run's length; BENCH_DATA_DIR reuses a
 * data directory (for a large seeded database).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfNeeded, root } from "./build.ts";

const seconds = Number(process.env.BENCH_SECONDS) || 10;
const connections = Number(process.env.BENCH_CONNECTIONS) || 50;
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), "yishe-bench-"));

buildIfNeeded();
const server = spawn(process.execPath, [path.join(root, "server.ts")], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

async function ready() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/config/configs`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

try {
  await ready();
  const list = await (await fetch(`${base}/api/art/list?order=newest&limit=1`)).json();
  const workId = list.data.results[0].artId;
  const nodes = await (await fetch(`${base}/api/art/nodes`)).json();
  const nodeId = nodes.data[0].nodeId;
  const targets = [
    ["/ (home, server-rendered)", "/"],
    ["/art/:id (work page)", `/art/${workId}`],
    ["/arts/node/:id (node listing)", `/arts/node/${nodeId}`],
    ["/api/config/configs", "/api/config/configs"],
    ["/api/art/list", "/api/art/list?order=recommend"],
  ];
  const startRss = rss();
  console.log(`\n${seconds}s per target, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; server RSS at start ${startRss} MB\n`);
  console.log("| target | req/s | p50 ms | p99 ms | non-2xx |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, url] of targets) {
    const r = await autocannon({ url: base + url, connections, duration: seconds });
    console.log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`);
  }
  console.log(`\nserver RSS after the runs: ${rss()} MB`);
} finally {
  server.kill("SIGTERM");
  if (!process.env.BENCH_DATA_DIR) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
}
