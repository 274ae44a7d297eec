/**
 * `npm run bench:nodebb`: the rendered pages beside NodeBB (issue 39), on the same machine in the same run. Our site
 * (one process, the bench's data: the demo, 5,000 members, 100,000 works, BENCH_DATA_DIR default data/bench-nodebb)
 * and NodeBB v4.11.2 on Redis (scripts/nodebb/side.ts: 2,500 topics, 10,000 posts) take turns on each pair of pages,
 * ROUNDS times (default 7), BENCH_SECONDS each (default 5) at 50 connections; the side that goes first alternates.
 * Printed: medians of requests a second, and of CPU per request read from /proc (NodeBB's with Redis's), with the
 * ratios, then each process's resident memory. Visitors' pages are measured rendered (PAGE_STORE=off) and stored
 * (issue 58): WARM (default 10,000) work pages are stored first; the cold row asks for works no one has asked for.
 * Then a write's whole cost (a comment and the visitor's page drawn again after it), and Lighthouse's mobile preset
 * on each page type of both sites (LIGHTHOUSE_RUNS, default 3; 0 leaves it out). ROWS=pattern: only the rows it
 * matches. Without a copy of NodeBB it says how to get one and stops.
 */
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { benchOwner } from "./bench-admin.ts";
import { post, signup } from "./bench-inbox.ts";
import { buildIfNeeded } from "./build.ts";
import { openLoop, untilIdle } from "./open-loop.ts";
import { cpuTicks, residentMb as rss, TICK_MS } from "./proc.ts";
import { benchSite } from "../api/test/seed-big.ts";
import { siteUp, startSite } from "./site-process.ts";
import { statSync } from "node:fs";
import { lighthouseTable, writeCost } from "./bench-stored.ts";
import { nodebbBase, nodebbCookie, nodebbDir, prepareNodebb, redisPid, startNodebb } from "./nodebb/side.ts";

const rounds = Number(process.env.ROUNDS) || 7;
const seconds = Number(process.env.BENCH_SECONDS) || 5;
const connections = 50;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR || "data/bench-nodebb");

const nodebb = await prepareNodebb();
if (!nodebb) {
  console.log(`No NodeBB at ${nodebbDir}. Fetch github:NodeBB/NodeBB, check out v4.11.2 there, then
  cp install/package.json package.json && npm install --omit=dev
and run this again (NODEBB_DIR names another place).`);
  process.exit(0);
}
buildIfNeeded();
await benchSite(dataDir, benchOwner, 5_000, 100_000);

const ourPort = 3800 + Math.floor(Math.random() * 90);
const ours = { base: `http://127.0.0.1:${ourPort}`, stored: `http://127.0.0.1:${ourPort + 1}` };
const rendered = startSite({ PORT: String(ourPort), DATA_DIR: dataDir, PAGE_STORE: "off", WORKERS: "1" });
const storing = startSite({ PORT: String(ourPort + 1), DATA_DIR: dataDir, PAGE_STORE: "disk", WORKERS: "1" });
const warm = Number(process.env.WARM ?? 10_000);
const theirs = await startNodebb();
const redis = await redisPid();

type Side = { base: string; pids: number[]; headers?: Record<string, string>; path: () => string };
type Row = { name: string; ours: Side; nodebb: Side };

/** One run against a side at full speed (autocannon, 50 connections). */
async function measure(side: Side) {
  const before = side.pids.map(cpuTicks);
  const r = await autocannon({
    url: side.base,
    connections,
    duration: seconds,
    requests: [{ headers: side.headers, setupRequest: (req) => ({ ...req, path: side.path() }) }],
  });
  const used = side.pids.reduce((sum, pid, i) => sum + cpuTicks(pid) - before[i], 0);
  const done = r.requests.total || 1;
  return { rps: r.requests.average, cpu: (used * TICK_MS) / done, bad: r.non2xx + r.errors };
}

/** Latency where people feel it: requests evenly spaced at a fixed rate (scripts/open-loop.ts), both sides quiet. */
async function calmly(side: Side, rate: number, everyone: number[]) {
  // A side's saturating run leaves work behind (NodeBB answers what was queued, Redis writes).
  await untilIdle(everyone);
  return openLoop({ base: side.base, rate, seconds, warmup: 2, path: side.path, headers: side.headers, connections });
}

try {
  await Promise.all([siteUp(ours.base), siteUp(ours.stored)]);
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
  const { last, node } = db
    .prepare("select (select max(id) from works) as last, (select min(id) from nodes) as node")
    .get() as { last: number; node: number };
  db.close();
  const me = await signup(ours.base, `nb${Date.now() % 1e6}`);
  // The signed-in home of a member who follows 2,000 people, as `npm run bench` measures it.
  for (let id = me.user.id - 2_000; id < me.user.id; id++)
    await fetch(`${ours.base}/api/fans/follow`, {
      method: "POST",
      headers: { "X-User-Token": me.token },
      body: new URLSearchParams({ userId: String(id) }),
    });
  const signedIn = { cookie: `token=${me.token}` };
  // The peer of NodeBB's topic of 17 posts: a work with 16 comments, each by a reader of their own.
  const { artId: discussed } = (
    await (await post(ours.base, me, "/art/create", { type: 1, nodeId: node, content: "压测：评论很多的作品" })).json()
  ).data as { artId: number };
  for (let i = 0; i < 16; i++)
    await post(ours.base, await signup(ours.base, `nbr${Date.now() % 1e6}x${i}`), "/comment/create", {
      workId: discussed,
      content: `第${i + 1}位读者的评论：颜色和构图都很舒服。`,
    });
  const nbSignedIn = { cookie: await nodebbCookie(nodebb.member) };
  const our = (p: () => string, headers?: Record<string, string>): Side => ({
    base: ours.base,
    pids: [rendered.pid!],
    headers,
    path: p,
  });
  const their = (p: () => string, headers?: Record<string, string>): Side => ({
    base: nodebbBase,
    pids: [theirs.pid!, redis],
    headers,
    path: p,
  });
  const randomWork = () => 1 + Math.floor(Math.random() * last);
  // The newest `warm` works are stored before the rows (eight at a time); the cold row walks down from below them.
  const warmWork = () => last - Math.floor(Math.random() * warm);
  const started = performance.now();
  for (let id = last; id > last - warm; id -= 8)
    await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${ours.stored}/art/${id - i}`).then((r) => r.text())));
  console.log(`stored ${warm} work pages in ${Math.round((performance.now() - started) / 1000)} s`);
  let unasked = last - warm;
  const storedSide = (p: () => string): Side => ({ base: ours.stored, pids: [storing.pid!], path: p });
  const randomTopic = () => nodebb.topics[Math.floor(Math.random() * nodebb.topics.length)];
  const rows: Row[] = [
    { name: "`/` signed in", ours: our(() => "/", signedIn), nodebb: their(() => "/", nbSignedIn) },
    {
      name: "work page, 16 comments vs topic, 17 posts",
      ours: our(() => `/art/${discussed}`, signedIn),
      nodebb: their(() => nodebb.longTopic, nbSignedIn),
    },
    {
      name: "random work of 100,000 vs random topic of 2,500",
      ours: our(() => `/art/${randomWork()}`),
      nodebb: their(randomTopic),
    },
    {
      name: "node listing vs category page",
      ours: our(() => `/arts/node/${node}`),
      nodebb: their(() => nodebb.category),
    },
    { name: "`/` visitor rendered vs NodeBB `/recent`", ours: our(() => "/"), nodebb: their(() => "/recent") },
    {
      name: `random work, visitor, stored (of the ${warm} stored) vs random topic`,
      ours: storedSide(() => `/art/${warmWork()}`),
      nodebb: their(randomTopic),
    },
    {
      name: "random work, visitor, cold (drawn and stored) vs random topic",
      ours: storedSide(() => `/art/${unasked--}`),
      nodebb: their(randomTopic),
    },
    {
      name: "node listing, visitor, stored vs category page",
      ours: storedSide(() => `/arts/node/${node}`),
      nodebb: their(() => nodebb.category),
    },
    { name: "`/` visitor, stored vs NodeBB `/`", ours: storedSide(() => "/"), nodebb: their(() => "/") },
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\n${rounds} rounds of ${seconds} s a side, ${connections} connections, one process each, Node ${process.versions.node}, ${os.cpus().length} cores\n`,
  );
  console.log(
    "| page | ours req/s | NodeBB req/s | ratio | ours ms CPU | NodeBB ms CPU | CPU ratio | p99 ms at ½ capacity, ours / NodeBB |",
  );
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|");
  // ROWS=pattern measures only the rows whose name it matches (a change's own rows, again).
  for (const row of rows.filter((r) => !process.env.ROWS || new RegExp(process.env.ROWS).test(r.name))) {
    await measure(row.ours);
    await measure(row.nodebb);
    const got = {
      ours: [] as Awaited<ReturnType<typeof measure>>[],
      nodebb: [] as Awaited<ReturnType<typeof measure>>[],
    };
    for (let r = 0; r < rounds; r++)
      for (const side of r % 2 ? (["nodebb", "ours"] as const) : (["ours", "nodebb"] as const))
        got[side].push(await measure(row[side]));
    const m = (side: "ours" | "nodebb", key: "rps" | "cpu") => median(got[side].map((x) => x[key]));
    // Latency where people feel it: each side at half of what it just served at full speed.
    const everyone = [...row.ours.pids, ...row.nodebb.pids];
    const calm = {
      ours: await calmly(row.ours, Math.max(1, Math.round(m("ours", "rps") / 2)), everyone),
      nodebb: await calmly(row.nodebb, Math.max(1, Math.round(m("nodebb", "rps") / 2)), everyone),
    };
    const bad = [...got.ours, ...got.nodebb, calm.ours, calm.nodebb].reduce((n, x) => n + x.bad, 0);
    console.log(
      `| ${row.name} | ${Math.round(m("ours", "rps"))} | ${Math.round(m("nodebb", "rps"))} | ${(m("ours", "rps") / m("nodebb", "rps")).toFixed(2)} | ${m("ours", "cpu").toFixed(2)} | ${m("nodebb", "cpu").toFixed(2)} | ${(m("ours", "cpu") / m("nodebb", "cpu")).toFixed(2)} | ${calm.ours.p99} / ${calm.nodebb.p99} |${bad ? ` (${bad} not 2xx)` : ""}`,
    );
  }
  await writeCost(
    { rendered: { base: ours.base, pid: rendered.pid! }, stored: { base: ours.stored, pid: storing.pid! } },
    discussed,
  );
  const store = statSync(path.join(dataDir, "pages", "pages.db")).size / 2 ** 20;
  console.log(
    `\nRSS after, MB: ours ${rss(rendered.pid!)} (rendered), ${rss(storing.pid!)} (storing; its store ${store.toFixed(0)} MB on disk); NodeBB ${rss(theirs.pid!)}, Redis ${rss(redis)}`,
  );
  await lighthouseTable(ours.stored, { node, discussed, author: me.user.id, dataDir }, nodebb);
} finally {
  rendered.kill();
  storing.kill();
  theirs.kill();
}
