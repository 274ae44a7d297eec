/**
 * Lighthouse's mobile preset (simulated slow 4G: 150 ms round trips, 1.6 Mbit/s, a CPU four times slower) on a page,
 * with Debian's Chromium: the first visit on a slow phone, as issue 58 measures it. Lighthouse is fetched on demand
 * (`npm exec`, pinned), not installed with the project: only the benches use it.
 *
 * `node scripts/lighthouse.ts URL...` prints one row a page; scripts/bench-nodebb.ts prints ours beside NodeBB's.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";

const run = promisify(execFile);
const LIGHTHOUSE = "lighthouse@13.5.0";

export type Audit = {
  url: string;
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Everything the page downloaded, in KB (transfer sizes). */
  kb: number;
};

type Report = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
};

export async function audit(url: string, chromium = process.env.CHROME_PATH || "/usr/bin/chromium"): Promise<Audit> {
  // chrome-launcher gives each run a profile of its own (one named here broke the trace: NO_NAVSTART).
  const flags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";
  const args = ["exec", "--yes", "--", LIGHTHOUSE, url, "--quiet", "--only-categories=performance"];
  args.push("--output=json", "--output-path=stdout", `--chrome-flags=${flags}`);
  // Now and then the trace of a load comes back without its start (NO_NAVSTART): Lighthouse's own advice is to run
  // again, which we do twice before giving up.
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run("npm", args, {
        env: { ...process.env, CHROME_PATH: chromium },
        maxBuffer: 64 << 20,
        timeout: 180_000,
      });
      return summary(url, JSON.parse(stdout) as Report);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`Lighthouse failed on ${url} (${String(error).split("\n")[0].slice(0, 160)}), again`);
    }
  }
}

function summary(url: string, report: Report): Audit {
  const n = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    url,
    performance: Math.round(report.categories.performance.score * 100),
    fcp: n("first-contentful-paint"),
    lcp: n("largest-contentful-paint"),
    tbt: n("total-blocking-time"),
    cls: n("cumulative-layout-shift"),
    kb: n("total-byte-weight") / 1024,
  };
}

/** Several runs of a page, each value its median (Lighthouse varies from run to run). */
export async function auditMedian(url: string, runs = 3): Promise<Audit> {
  const all: Audit[] = [];
  for (let i = 0; i < runs; i++) all.push(await audit(url));
  const median = (pick: (a: Audit) => number) => all.map(pick).sort((a, b) => a - b)[Math.floor(runs / 2)];
  return {
    url,
    performance: median((a) => a.performance),
    fcp: median((a) => a.fcp),
    lcp: median((a) => a.lcp),
    tbt: median((a) => a.tbt),
    cls: median((a) => a.cls),
    kb: median((a) => a.kb),
  };
}

/**
 * The machine's own floor: the same audit of a page with almost nothing in it (a heading, a sentence and a form in
 * Chinese, one tiny script), served from this process. On these shared 2-core machines Chromium's own work at a
 * navigation (committing it, making the page's JavaScript context, the first layout with a CJK font) shows up as
 * blocking time too, and it varies from day to day: this row says how much of a table is the machine.
 */
export async function auditFloor(runs = 3): Promise<Audit> {
  const page =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    "<title>空白页</title></head><body><h1>艺社</h1><p>几乎空白的一页，用来量出这台机器本身的底数。</p>" +
    '<form><label>账号 <input name="username"></label><button>登录</button></form>' +
    "<script>document.body.dataset.ready = String(Date.now());</script></body></html>";
  const server = http.createServer((_, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page),
  );
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  try {
    const { port } = server.address() as AddressInfo;
    return await auditMedian(`http://127.0.0.1:${port}/`, runs);
  } finally {
    server.close();
  }
}

export const auditRow = (name: string, a: Audit) =>
  `| ${name} | ${a.performance} | ${(a.fcp / 1000).toFixed(2)} s | ${(a.lcp / 1000).toFixed(2)} s | ${Math.round(a.tbt)} ms | ${a.cls.toFixed(3)} | ${Math.round(a.kb)} KB |`;
export const AUDIT_HEAD = "| page | performance | FCP | LCP | TBT | CLS | bytes |\n|---|--:|--:|--:|--:|--:|--:|";

if (import.meta.url === `file://${process.argv[1]}`) {
  const urls = process.argv.slice(2);
  const runs = Number(process.env.RUNS) || 1;
  console.log(AUDIT_HEAD);
  console.log(auditRow("the machine's floor (an empty page)", await auditFloor(runs)));
  for (const url of urls) console.log(auditRow(url, await auditMedian(url, runs)));
}
