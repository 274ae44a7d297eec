/**
 * The rendered-page part of `npm run bench` (issue 13): the home page with the visitors' cache off, a work page and
 * a node listing signed in, each on a server of 1 and of 2 workers; the bytes of each page as sent plain, in gzip
 * and in brotli, and each process's resident memory after the runs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { compressed } from "../server/compress.ts";
import autocannon from "autocannon";
import { openLoop, untilIdle } from "./open-loop.ts";
import { cpuTicks, residentMb, TICK_MS } from "./proc.ts";
import { siteUp, startSite } from "./site-process.ts";

/** One autocannon row, printed; answers its requests a second and how many it made. */
type Row = (
  name: string,
  options: autocannon.Options,
  memory?: () => string,
) => Promise<{ rate: number; total: number }>;

const childrenOf = (pid: number) => {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
};

export async function renderedRows(opts: {
  dataDir: string;
  port: number;
  /** The bench member's token, or how to get one once the server runs (a database of its own). */
  token: string | ((base: string) => Promise<string>);
  workId: () => number;
  nodeId: number;
  run: Row;
  /** PostgreSQL instead of the data directory's SQLite file (its media still from the data directory). */
  databaseUrl?: string;
}) {
  const { nodeId, run } = opts;
  const engine = opts.databaseUrl ? "PostgreSQL" : "SQLite";
  const { siteCpus, many } = placement();
  const scaling = new Map<string, { rate: number; cpu: number }[]>();
  for (const workers of [1, many]) {
    const server = startSite(
      {
        PORT: String(opts.port),
        DATA_DIR: opts.dataDir,
        ...(opts.databaseUrl && { DATABASE_URL: opts.databaseUrl }),
        PAGE_STORE: "off",
        WORKERS: String(workers),
      },
      siteCpus,
    );
    const base = `http://127.0.0.1:${opts.port}`;
    try {
      await siteUp(base);
      await new Promise((r) => setTimeout(r, 500));
      const token = typeof opts.token === "string" ? opts.token : await opts.token(base);
      const cookie = { cookie: `token=${token}` };
      // Each process's, the workers' under WORKERS (the primary only hands out connections).
      const memory = () => (workers > 1 ? childrenOf(server.pid!) : [server.pid!]).map(residentMb).join(" / ");
      const pages: [string, string, Record<string, string>][] = [
        ["/ rendered (visitors' cache off)", "/", {}],
        ["/ signed in", "/", cookie],
        ["/art/:id signed in (random of all)", "", cookie],
        [`/arts/node/:id signed in`, `/arts/node/${nodeId}`, cookie],
      ];
      for (const [name, target, headers] of pages) {
        const pathOf = () => target || `/art/${opts.workId()}`;
        if (workers === 1) {
          const html = Buffer.from(await (await fetch(base + pathOf(), { headers })).arrayBuffer());
          const [gzip, br] = [compressed(html, "gzip").length, compressed(html, "br").length];
          console.log(`| bytes of ${name} | ${html.length} plain, ${gzip} gzip, ${br} brotli |`);
        }
        const label = `${name}, ${engine}, ${workers} worker${workers > 1 ? "s" : ""}`;
        const pids = () => [server.pid!, ...childrenOf(server.pid!)];
        // Warmed first, unmeasured: each worker compiles the page's code on its own, and a server of many would
        // otherwise pay that many times within its measured seconds.
        const requests = [{ headers, setupRequest: (req: autocannon.Request) => ({ ...req, path: pathOf() }) }];
        await autocannon({ url: base, connections: 50, duration: 2, requests });
        await untilIdle(pids());
        const before = pids().map(cpuTicks);
        const { rate: capacity, total } = await run(label, { url: base, requests }, memory);
        const ticks = pids().reduce((sum, pid, i) => sum + cpuTicks(pid) - (before[i] ?? 0), 0);
        scaling.set(name, [...(scaling.get(name) ?? []), { rate: capacity, cpu: (ticks * TICK_MS) / (total || 1) }]);
        // Latency where people feel it: half that rate, evenly spaced, once the saturating run's leftovers are done and
        // after two seconds to settle (scripts/open-loop.ts), as bench:nodebb measures both sides.
        const rate = Math.max(1, Math.round(capacity / 2));
        await untilIdle([server.pid!, ...childrenOf(server.pid!)]);
        const calm = await openLoop({ base, rate, seconds: 10, warmup: 2, path: pathOf, headers });
        console.log(
          `| ${label}, at ${rate}/s evenly | ${rate} | ${calm.p50} | ${calm.p99} | ${calm.bad} | ${memory()} |`,
        );
      }
      // As a browser asks over plain HTTP, and over HTTPS (server/compress.ts answers the one in gzip, the other in
      // brotli).
      for (const [coding, acceptEncoding] of [
        ["gzip", "gzip, deflate"],
        ["brotli", "gzip, deflate, br, zstd"],
      ])
        await run(
          `/ signed in, ${coding}, ${engine}, ${workers} worker${workers > 1 ? "s" : ""}`,
          { url: `${base}/`, headers: { ...cookie, "accept-encoding": acceptEncoding } },
          memory,
        );
    } finally {
      server.kill("SIGTERM");
      await new Promise((r) => server.on("exit", r));
    }
  }
  printScaling(engine, many, siteCpus, scaling);
}

// The cores this bench may use, read before it keeps itself to one of them (the PostgreSQL rows place the site again).
const cores = availableParallelism();

/**
 * Where the load generator and the site run (issue 39, goal 5). With three cores or more this process, which makes
 * the load, keeps core 0 and the site gets the rest, so its workers scale as they would with the load coming from
 * another machine; the site's many-worker server runs one worker per core of its own. With fewer, both share every
 * core and the many-worker server runs two.
 */
function placement(): { siteCpus?: string; many: number } {
  if (cores < 3) return { many: 2 };
  try {
    execFileSync("taskset", ["-a", "-pc", "0", String(process.pid)], { stdio: "ignore" });
  } catch {
    return { many: 2 };
  }
  return { siteCpus: `1-${cores - 1}`, many: cores - 1 };
}

/**
 * One worker against many, per page: the rates measured, and the rate CPU alone allows, `many` times the one
 * worker's CPU a request over the many's (what many workers would answer with a core each and the load from
 * elsewhere; queueing on a shared lock would not show in it, so the measured rate is the one to trust when pinned).
 */
function printScaling(
  engine: string,
  many: number,
  siteCpus: string | undefined,
  scaling: Map<string, { rate: number; cpu: number }[]>,
) {
  const where = siteCpus
    ? `the load generator on core 0, the site on cores ${siteCpus}`
    : `the load generator and the site sharing all ${cores} cores (too few to give each its own)`;
  console.log(`\nOne worker against ${many}, ${engine}, ${where}:\n`);
  console.log(
    `| page | 1 worker req/s | ms CPU a request | ${many} workers req/s | ms CPU a request | measured | by CPU |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const [name, [one, all]] of scaling) {
    if (!one || !all) continue;
    const measured = all.rate / one.rate;
    const byCpu = (many * one.cpu) / all.cpu;
    console.log(
      `| ${name} | ${Math.round(one.rate)} | ${one.cpu.toFixed(2)} | ${Math.round(all.rate)} | ${all.cpu.toFixed(2)} | ${measured.toFixed(2)}× | ${byCpu.toFixed(2)}× |`,
    );
  }
  console.log("");
}
