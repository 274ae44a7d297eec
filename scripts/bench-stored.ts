/**
 * The parts of `npm run bench:nodebb` that issue 58 added: what a write costs once visitors' pages are stored (the
 * write, and the visitor's page drawn again after it), and Lighthouse's mobile preset on each page type beside
 * NodeBB's.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { post, signup } from "./bench-inbox.ts";
import type { Member } from "../api/test/signup.ts";
import { cpuTicks, TICK_MS } from "./proc.ts";
import { auditFloor, auditMedian, auditRow, AUDIT_HEAD } from "./lighthouse.ts";
import { nodebbBase, type NodebbData } from "./nodebb/side.ts";

type Site = { base: string; pid: number };

/**
 * A member comments on a work, then a visitor opens it, 200 times, against the site that stores visitors' pages and
 * the one that does not: CPU per pair. Stored, each comment drops the page and the visit draws and stores it again.
 */
export async function writeCost(sites: { rendered: Site; stored: Site }, workId: number) {
  const pairs = 200;
  const perPair: Record<string, number> = {};
  // Comments are limited to six a minute a member: eighty members take turns.
  const stamp = Date.now() % 1e6;
  const members: Member[] = [];
  for (let i = 0; i < 80; i++) members.push(await signup(sites.rendered.base, `wc${stamp}x${i}`));
  for (const [name, site] of Object.entries(sites)) {
    const before = cpuTicks(site.pid);
    for (let i = 0; i < pairs; i++) {
      const who = members[i % members.length];
      const said = await post(site.base, who, "/comment/create", { workId, content: `压测评论 ${name} ${i}` });
      if (!(await said.json()).success) throw new Error("the comment was refused");
      const page = await fetch(`${site.base}/art/${workId}`);
      if (!(await page.text()).includes(`压测评论 ${name} ${i}`)) throw new Error("a stale page after a comment");
    }
    perPair[name] = ((cpuTicks(site.pid) - before) * TICK_MS) / pairs;
  }
  console.log(
    `\nA comment and the visitor's page after it, ${pairs} times, CPU a pair: rendered ${perPair.rendered.toFixed(2)} ms, stored ${perPair.stored.toFixed(2)} ms (every page the visitor saw was the new one)`,
  );
}

/** Lighthouse's mobile preset on each page type, ours (stored for visitors, warmed once) and NodeBB's. */
export async function lighthouseTable(
  base: string,
  o: { node: number; discussed: number; author: number; dataDir: string },
  nodebb: NodebbData,
) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  if (!runs) return;
  const db = new Database(path.join(o.dataDir, "site.db"), { readonly: true });
  const pictured = (
    db.prepare("select id from works where images <> '[]' and status = 0 order by id limit 1").get() as { id: number }
  ).id;
  db.close();
  const ours: [string, string][] = [
    ["home", "/"],
    ["work with pictures", `/art/${pictured}`],
    ["listing (node)", `/arts/node/${o.node}`],
    ["search", "/search?q=%E6%8F%92%E7%94%BB"],
    ["profile", `/user/${o.author}`],
    ["sign-in", "/user/signin"],
  ];
  const theirs: [string, string][] = [
    ["home", "/"],
    ["topic", nodebb.longTopic],
    ["category", nodebb.category],
    ["search", "/search?term=topic&in=titlesposts"],
    ["profile", `/user/${nodebb.member}`],
    ["sign-in", "/login"],
  ];
  console.log(`\nLighthouse 13, mobile preset, median of ${runs}:\n\n${AUDIT_HEAD}`);
  console.log(auditRow("the machine's floor (an empty page)", await auditFloor(runs)));
  for (const [name, p] of ours) {
    // A visitor's page as a visitor after the first gets it: stored.
    await fetch(base + p).then((r) => r.text());
    console.log(auditRow(`ours: ${name}`, await auditMedian(base + p, runs)));
  }
  for (const [name, p] of theirs) console.log(auditRow(`NodeBB: ${name}`, await auditMedian(nodebbBase + p, runs)));
}
