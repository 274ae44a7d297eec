/**
 * `npm run bench`: seeds a fresh database with the demo plus BENCH_WORKS works (default 100,000), starts the built
 * server on it, and measures requests per second and latency (p50/p99) at 50 connections with autocannon, then
 * the server's resident memory. A benchmark, not a test: it prints figures and asserts nothing.
 * BENCH_SECONDS (default 10) sets each run's length; BENCH_DATA_DIR reuses a data directory; BENCH_STREAMS (default
 * 200) inbox streams are held open for the realtime figure. The rendered rows run again on PostgreSQL
 * (BENCH_PG_URL, seeded once and kept; skipped when none answers).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfNeeded } from "./build.ts";
import { siteUp, startSite } from "./site-process.ts";
import { benchSite } from "../api/test/seed-big.ts";
import { fillInbox, measureStreams, signup } from "./bench-inbox.ts";
import { renderedRows } from "./bench-rendered.ts";
import { benchPostgres } from "./bench-postgres.ts";
import { benchOwner, matcherFigures, ownerToken, rareWords, saveWordList } from "./bench-admin.ts";
import { deepSearchFigures } from "./bench-ai.ts";
import { makeSeries } from "./bench-showcase.ts";
import { hostileBodies, realPictures } from "./bench-bodies.ts";
import { residentMb } from "./proc.ts";

const seconds = Number(process.env.BENCH_SECONDS) || 10;
const connections = Number(process.env.BENCH_CONNECTIONS) || 50;
const works = process.env.BENCH_WORKS === undefined ? 100_000 : Number(process.env.BENCH_WORKS);
/** Members besides the demo's, authors of the extra works; the bench's own member follows FOLLOWED of them. */
const people = Number(process.env.BENCH_PEOPLE) || 5_000;
const followed = Math.min(people, Number(process.env.BENCH_FOLLOWED) || 2_000);
/** Open inbox streams for the realtime measurement (one per new member). */
const streamPages = Number(process.env.BENCH_STREAMS) || 200;
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), "yishe-bench-"));

buildIfNeeded();
await benchSite(dataDir, benchOwner, people, works);

const server = startSite({ PORT: String(port), DATA_DIR: dataDir });

const rss = () => residentMb(server.pid!);

/** One row: autocannon's figures, then the resident memory of the server(s) measured (the main one unless told). */
async function run(name: string, options: autocannon.Options, memory: () => string = () => `${rss()}`) {
  const r = await autocannon({ connections, duration: seconds, ...options });
  console.log(
    `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} | ${memory()} |`,
  );
  return { rate: r.requests.average, total: r.requests.total };
}

try {
  await siteUp(base);
  const total = (await (await fetch(`${base}/api/art/pages?page=1`)).json()).data.total as number;
  const newest = (await (await fetch(`${base}/api/art/list?order=newest&limit=1`)).json()).data.results[0]
    .artId as number;
  const nodeId = (await (await fetch(`${base}/api/art/nodes`)).json()).data[0].nodeId as number;
  const me = await signup(base, `bench${Date.now() % 1e6}`);
  const token = me.token;
  // Every id, not only up to the newest by date (the big seed spreads its dates, so the newest is not the last).
  const owner = await ownerToken(base);
  const lastId = owner
    ? ((await (await fetch(`${base}/api/admin/works`, { headers: { "X-User-Token": owner } })).json()).data.results[0]
        .artId as number)
    : newest;
  const randomWork = () => 1 + Math.floor(Math.random() * lastId);
  // The bench's member follows `followed` of the busiest-numbered members (ids past the demo's).
  for (let id = me.user.id - followed; id < me.user.id; id++) {
    await fetch(`${base}/api/fans/follow`, {
      method: "POST",
      headers: { "X-User-Token": token, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ userId: String(id) }),
    });
  }
  await fillInbox(base, me, nodeId);
  const following = (await (await fetch(`${base}/api/user/info/${me.user.id}`)).json()).data.followCount as number;

  console.log(
    `\n${total} works; the bench member follows ${following}; ${seconds}s per target, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; server RSS at start ${rss()} MB\n`,
  );
  console.log("| target | req/s | p50 ms | p99 ms | non-2xx | RSS after, MB |");
  console.log("|---|---:|---:|---:|---:|---:|");
  await run("/ (home, visitor: stored)", { url: `${base}/` });
  await run("/ (home, visitor: stored, brotli)", {
    url: `${base}/`,
    headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  });
  await run("/ (home, signed in: rendered each time)", { url: `${base}/`, headers: { cookie: `token=${token}` } });
  await run("/art/:id (work page, random of all, visitor: stored on first visit)", {
    url: base,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/art/${randomWork()}` }) }],
  });
  await run(`/follow (following feed, ${following} followed)`, {
    url: `${base}/follow`,
    headers: { cookie: `token=${token}` },
  });
  await run("/api/art/list?following=1 (the feed's API call)", {
    url: `${base}/api/art/list?order=newest&following=1`,
    headers: { "X-User-Token": token },
  });
  await run("/user/:id (personal centre, random member)", {
    url: base,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/user/${1 + Math.floor(Math.random() * people)}` }) }],
  });
  await run("/arts/node/:id (node listing, signed in)", {
    url: `${base}/arts/node/${nodeId}`,
    headers: { cookie: `token=${token}` },
  });
  // The charts are the top of one index range of tallies kept as members mark works (contract/charts/charts.ts).
  await run("/charts?period=week (this week's chart, signed in)", {
    url: `${base}/charts?period=week`,
    headers: { cookie: `token=${token}` },
  });
  await run("/charts?period=month&nodeId= (a node's month, signed in)", {
    url: `${base}/charts?period=month&nodeId=${nodeId}`,
    headers: { cookie: `token=${token}` },
  });
  const seriesId = await makeSeries(base, nodeId);
  await run("/series/:id (a series of 12 works, signed in)", {
    url: `${base}/series/${seriesId}`,
    headers: { cookie: `token=${token}` },
  });
  await run("/projects/50 (numbered page, signed in)", {
    url: `${base}/projects/50`,
    headers: { cookie: `token=${token}` },
  });
  await run("/user/messages (notifications, signed in)", {
    url: `${base}/user/messages`,
    headers: { cookie: `token=${token}` },
  });
  await run("/user/scores (ledger and leaderboard)", {
    url: `${base}/user/scores`,
    headers: { cookie: `token=${token}` },
  });
  await run("/user/signin?tab=phone (sign-in page, visitor)", { url: `${base}/user/signin?tab=phone` });
  await run("/api/user/msgrecent", { url: `${base}/api/user/msgrecent`, headers: { "X-User-Token": token } });
  const keywords = ["水彩", "胶片 暗房", "猫", "Blender", "國畫", "插画 练习", "二十四节气", "青田石"];
  const keyword = () => keywords[Math.floor(Math.random() * keywords.length)];
  await run("/search?q= (results page, random keyword)", {
    url: base,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/search?q=${encodeURIComponent(keyword())}` }) }],
  });
  await run("POST /api/search/art (random keyword)", {
    url: base,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        setupRequest: (req) => ({
          ...req,
          path: "/api/search/art",
          body: new URLSearchParams({ keyword: keyword() }).toString(),
        }),
      },
    ],
  });
  await run("/search/suggest?q= (the box's suggestions)", {
    url: base,
    requests: [
      { setupRequest: (req) => ({ ...req, path: `/search/suggest?q=${encodeURIComponent(keyword().slice(0, 1))}` }) },
    ],
  });
  await run("/sitemap.xml (index; summary cached 5 min)", { url: `${base}/sitemap.xml` });
  await run("/sitemaps/works-1.xml (50,000 addresses)", { url: `${base}/sitemaps/works-1.xml`, connections: 4 });
  await run("/api/config/configs", { url: `${base}/api/config/configs` });
  await run("/api/art/list (recommended)", { url: `${base}/api/art/list?order=recommend` });
  await run("POST /api/art/like|unlike (random work)", {
    url: base,
    requests: [
      {
        method: "POST",
        headers: { "X-User-Token": token },
        setupRequest: (req) => ({
          ...req,
          path: `/api/art/${Math.random() < 0.5 ? "like" : "unlike"}/${randomWork()}`,
        }),
      },
    ],
  });
  if (owner) {
    await run("/admin (dashboard: counts, 30-day chart, queues)", {
      url: `${base}/admin`,
      headers: { cookie: `token=${owner}` },
    });
    await run("/admin/works (all works, newest first)", {
      url: `${base}/admin/works`,
      headers: { cookie: `token=${owner}` },
    });
    // Someone else publishes: the bench member's own works would change what its home page reads.
    const publisher = (await signup(base, `benchpub${Date.now() % 1e6}`)).token;
    for (const size of [0, 2_000]) {
      await saveWordList(base, owner, rareWords(size));
      await run(`POST /api/art/create (a 600-character post, ${size} sensitive words)`, {
        url: base,
        requests: [
          {
            method: "POST",
            headers: { "X-User-Token": publisher, "Content-Type": "application/x-www-form-urlencoded" },
            setupRequest: (req) => ({
              ...req,
              path: "/api/art/create",
              body: new URLSearchParams({
                type: "1",
                nodeId: String(nodeId),
                content: `压测动态 ${Math.random()} ${"今天在窗边画了一张水彩，阳光很好。".repeat(35)}`,
              }).toString(),
            }),
          },
        ],
      });
    }
    await saveWordList(base, owner, []);
  } else console.log("(no bench owner in this data directory: admin rows skipped)");
  matcherFigures([1_000, 10_000, 50_000]);
  await deepSearchFigures(`sqlite:${path.join(dataDir, "site.db")}`);
  await measureStreams(base, me, streamPages, rss);
  console.log(`\nserver RSS after the runs: ${rss()} MB\n`);
  await hostileBodies(base, server.pid!);
  await realPictures(base, server.pid!);
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  console.log("\nRendered pages, the visitors' cache off, on servers of 1 and 2 workers:\n");
  console.log("| target | req/s | p50 ms | p99 ms | non-2xx | RSS after, MB |");
  console.log("|---|---:|---:|---:|---:|---:|");
  await renderedRows({ dataDir, port: port + 1, token, workId: randomWork, nodeId, run });
  const pgUrl = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/yishe_bench";
  const onPg = await benchPostgres(pgUrl, path.join(dataDir, "uploads"), people, works);
  if (!onPg) console.log(`(no PostgreSQL at ${pgUrl}: its rows skipped)`);
  else
    await renderedRows({
      dataDir,
      port: port + 2,
      databaseUrl: pgUrl,
      // A member of that database, who follows no one (the SQLite member follows BENCH_FOLLOWED people).
      token: async (at) => (await signup(at, `benchpg${Date.now() % 1e6}`)).token,
      workId: () => 1 + Math.floor(Math.random() * onPg.lastId),
      nodeId: onPg.nodeId,
      run,
    });
} finally {
  server.kill("SIGTERM");
  if (!process.env.BENCH_DATA_DIR) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1500);
}
