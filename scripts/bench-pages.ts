/**
 * Pages asked in this process, no HTTP: `node scripts/bench-pages.ts DATA_DIR [rounds]` builds the site from this
 * checkout's build over a data directory (seeded by `npm run seed:big`), then asks each page 8 at a time, 200 to warm
 * up and 800 measured, and prints the CPU a page in ms. Two builds are compared by running this from each checkout in
 * turns on copies of one data directory (docs/benchmarks.md): the load generator's own cost is out of the figures,
 * which is what lets a few percent be seen on these shared machines.
 */
import path from "node:path";
type Built = typeof import("../server/app.ts");

// React picks its build by NODE_ENV when first loaded: without this the pages render in development mode, three
// times slower, and a difference between builds drowns. Set before anything loads React.
process.env.NODE_ENV = "production";
const { readEnv } = await import("../api/config/env.ts");
const { createLogger } = await import("../api/lib/log.ts");
const { signupForm } = await import("../api/test/signup.ts");
const { askAll } = await import("./in-process-load.ts");

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: node scripts/bench-pages.ts DATA_DIR [rounds]");
const rounds = Number(process.argv[3]) || 1;
// The site as production runs it: the bundle's own createSite over the pages it loads (server/app.ts).
const built = (await import(path.resolve("build/server/index.js"))) as Built;
const build = await built.pages();
const env = readEnv({ DATA_DIR: dataDir, CAPTCHA: "off", PAGE_STORE: "off", DEMO_CONTENT: "1" });
const site = await built.createSite(env, createLogger("silent"), build);
const ask = (p: string, init?: RequestInit) => site.fetch(new Request(`http://localhost${p}`, init));

const name = `pages${process.pid}`;
const signedUp = await ask("/api/login/signup", {
  method: "POST",
  body: signupForm(name),
});
// Without a member the "signed-in" rows would be a visitor's pages with a stale cookie: stop rather than mislead.
const token = ((await signedUp.json()) as { data: { token: string } | null }).data?.token;
if (!token) throw new Error("the bench member could not sign up");
const list = await (await ask("/api/art/list?order=newest&limit=1")).json();
const newest = (list as { data: { results: { artId: number }[] } }).data.results[0].artId;
const nodes = await (await ask("/api/art/nodes")).json();
const nodeId = (nodes as { data: { nodeId: number }[] }).data[0].nodeId;
const cookie = { cookie: `token=${token}` };
let seed = 7;
const randomWork = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return 1 + (seed % newest);
};

const pages: [string, () => [string, RequestInit?]][] = [
  ["signed-in /", () => ["/", { headers: cookie }]],
  ["visitor /", () => ["/"]],
  ["work page (random)", () => [`/art/${randomWork()}`, { headers: cookie }]],
  ["node listing", () => [`/arts/node/${nodeId}`, { headers: cookie }]],
];

const run = (next: () => [string, RequestInit?], count: number) => askAll(() => ask(...next()), count);

for (let r = 0; r < rounds; r++)
  for (const [label, next] of pages) {
    await run(next, 200);
    const cpu = process.cpuUsage();
    await run(next, 800);
    const used = process.cpuUsage(cpu);
    console.log(`${label}\t${((used.user + used.system) / 1000 / 800).toFixed(2)} ms CPU a page`);
  }
await site.close();
