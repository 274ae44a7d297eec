/**
 * Two builds in one process, asked in turns: `node --preserve-symlinks scripts/bench-pages-ab.ts CHECKOUT_A:DATA_A
 * CHECKOUT_B:DATA_B [blocks]`. Each checkout's own server.ts and build are loaded side by side (a worktree per build,
 * its node_modules linked to one install, which the flag makes each load as its own copy; each on its own copy of a
 * seeded data directory), then each page is asked in blocks of 100, A then B then A..., 8 at a time, and the CPU of
 * each block is counted. Whatever slows the machine slows both alike, which separate runs (scripts/bench-pages.ts) on
 * these shared cores cannot promise: the medians of the blocks, and B's ratio to A, are printed per page. PAGES (a
 * comma-separated list of words) keeps only the pages whose name holds one of them; BENCH_DATABASE_URL puts both on
 * one PostgreSQL database.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { askAll } from "./in-process-load.ts";

process.env.NODE_ENV = "production";
const [pairA, pairB] = process.argv.slice(2, 4);
if (!pairA || !pairB)
  throw new Error("usage: node scripts/bench-pages-ab.ts CHECKOUT_A:DATA_A CHECKOUT_B:DATA_B [blocks]");
const blocks = Number(process.argv[4]) || 30;

type Site = { fetch: (r: Request) => Promise<Response>; close: () => Promise<void> };
type Side = { name: string; ask: (p: string, init?: RequestInit) => Promise<Response>; site: Site };

async function open(pair: string): Promise<Side> {
  const [dir, dataDir] = pair.split(":");
  const root = path.resolve(dir);
  const { readEnv } = await import(path.join(root, "api/config/env.ts"));
  // The logger moved to api/lib/log.ts (pino); a base from before it has it in contract/shared/log.ts.
  const { createLogger } = await import(
    path.join(root, existsSync(path.join(root, "api/lib/log.ts")) ? "api/lib/log.ts" : "contract/shared/log.ts")
  );
  // A build since server/app.ts is the process bundled with its pages: its own createSite, as production runs it.
  // An older one is the pages alone, beside server.ts's createSite.
  const built = await import(path.join(root, "build/server/index.js"));
  const bundled = typeof built.pages === "function";
  const { createSite } = bundled ? built : await import(path.join(root, "server.ts"));
  const build = (bundled ? await built.pages() : built) as ServerBuild;
  // BENCH_DATABASE_URL: both builds over one PostgreSQL database (bench-postgres.ts seeds it) instead of the files.
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const env = readEnv({
    DATA_DIR: dataDir,
    CAPTCHA: "off",
    PAGE_STORE: "off",
    DEMO_CONTENT: "1",
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  // BENCH_LOG=info: each side writes its request lines (to nowhere), so their cost is in the figures.
  const level = process.env.BENCH_LOG ?? "silent";
  const site = (await createSite(
    env,
    createLogger(level, () => {}),
    build,
  )) as Site;
  const ask = (p: string, init?: RequestInit) => site.fetch(new Request(`http://localhost${p}`, init));
  return { name: path.basename(root), ask, site };
}

async function pagesOf(side: Side) {
  const name = `ab${process.pid}${side.name.replace(/\W/g, "").slice(-6)}`;
  const signedUp = await side.ask("/api/login/signup", {
    method: "POST",
    body: new URLSearchParams({
      username: name,
      nickname: name,
      email: `${name}@example.com`,
      password: "bench-pass-1",
      rePassword: "bench-pass-1",
    }),
  });
  // Without a member the "signed-in" rows would be a visitor's pages with a stale cookie: stop rather than mislead.
  const answer = (await signedUp.json()) as { data: { token: string } | null; message: string };
  const token = answer.data?.token;
  if (!token) throw new Error(`the bench member could not sign up on ${side.name}: ${answer.message}`);
  const list = (await (await side.ask("/api/art/list?order=newest&limit=1")).json()) as {
    data: { results: { artId: number }[] };
  };
  const newest = list.data.results[0].artId;
  const nodes = (await (await side.ask("/api/art/nodes")).json()) as { data: { nodeId: number }[] };
  // DISCUSSED names a work with many comments (bench:nodebb gives one 16, the peer of NodeBB's long topic).
  const discussed = Number(process.env.DISCUSSED) || newest;
  const headers = { cookie: `token=${token}` };
  let seed = 7;
  const randomWork = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % newest);
  };
  return {
    "signed-in /": () => ["/", { headers }] as const,
    "visitor /": () => ["/"] as const,
    "work page (random, signed in)": () => [`/art/${randomWork()}`, { headers }] as const,
    "work page (random, visitor)": () => [`/art/${randomWork()}`] as const,
    "discussed work (DISCUSSED, signed in)": () => [`/art/${discussed}`, { headers }] as const,
    "node listing (signed in)": () => [`/arts/node/${nodes.data[0].nodeId}`, { headers }] as const,
    // Search: a keyword many works say, and one few do (then less relevant works follow, issue 53).
    "search, many matches (signed in)": () => [`/search?q=${encodeURIComponent("插画")}`, { headers }] as const,
    "search, few matches (signed in)": () => [`/search?q=${encodeURIComponent("水彩画")}`, { headers }] as const,
    // A write: the like's counters, score, notification, pay and (since issue 36) its chart vote, in one transaction.
    "POST /api/art/like|unlike (random work)": () =>
      [
        `/api/art/${seed % 2 ? "like" : "unlike"}/${randomWork()}`,
        { method: "POST", headers: { "X-User-Token": token } },
      ] as const,
  } as Record<string, () => readonly [string, RequestInit?]>;
}

async function block(side: Side, next: () => readonly [string, RequestInit?], count: number) {
  const cpu = process.cpuUsage();
  await askAll(() => side.ask(...next()), count);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / count;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sides = [await open(pairA), await open(pairB)];
const pages = [await pagesOf(sides[0]), await pagesOf(sides[1])];
console.log(`page\t${sides[0].name}\t${sides[1].name}\tratio (ms CPU a page, medians of ${blocks} blocks of 100)`);
const wanted = process.env.PAGES?.split(",").filter(Boolean);
for (const label of Object.keys(pages[0]).filter((l) => !wanted || wanted.some((w) => l.includes(w)))) {
  for (const i of [0, 1]) await block(sides[i], pages[i][label], 200);
  const times: [number[], number[]] = [[], []];
  for (let b = 0; b < blocks; b++)
    for (const i of b % 2 ? [1, 0] : [0, 1]) times[i].push(await block(sides[i], pages[i][label], 100));
  const [a, bm] = [median(times[0]), median(times[1])];
  console.log(`${label}\t${a.toFixed(2)}\t${bm.toFixed(2)}\t${(bm / a).toFixed(3)}`);
}
for (const s of sides) await s.site.close();
