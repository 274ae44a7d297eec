/**
 * The rendered-page part of `npm run bench` (issue 13): the home page with the visitors' cache off, a work page and
 * a node listing signed in, each on a server of 1 and of 2 workers; the bytes of each page as sent plain, in gzip
 * and in brotli, and each process's resident memory after the runs.
 */
import { existsSync, readFileSync } from "node:fs";
import { compressed } from "../server/compress.ts";
import autocannon from "autocannon";
import { openLoop, untilIdle } from "./open-loop.ts";
import { siteUp, startSite } from "./site-process.ts";

/** One autocannon row, printed; answers its requests a second. */
type Row = (name: string, options: autocannon.Options, memory?: () => string) => Promise<number>;

const rssOf = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
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
  for (const workers of [1, 2]) {
    const server = startSite({
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      ...(opts.databaseUrl && { DATABASE_URL: opts.databaseUrl }),
      PAGE_CACHE_MS: "0",
      WORKERS: String(workers),
    });
    const base = `http://127.0.0.1:${opts.port}`;
    try {
      await siteUp(base);
      await new Promise((r) => setTimeout(r, 500));
      const token = typeof opts.token === "string" ? opts.token : await opts.token(base);
      const cookie = { cookie: `token=${token}` };
      // Each process's, the workers' under WORKERS (the primary only hands out connections).
      const memory = () => (workers > 1 ? childrenOf(server.pid!) : [server.pid!]).map(rssOf).join(" / ");
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
        const capacity = await run(
          label,
          { url: base, requests: [{ headers, setupRequest: (req) => ({ ...req, path: pathOf() }) }] },
          memory,
        );
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
}
