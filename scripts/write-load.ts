/**
 * `npm run load:writes`: many members writing at once on the default setup, to show that none of their writes fails.
 * Starts the built server on a fresh data directory with WORKERS=2 (as `npm start` on two cores) and the demo, signs
 * up LOAD_WRITERS members (default 16), and has each like, unlike, favorite, comment, follow and check in for
 * LOAD_SECONDS (default 15), one request after another. Then the same on PostgreSQL (LOAD_PG_URL, default a
 * database `yishe_load` on the local server, made and dropped; skipped when none answers). Loopback only, bounded in
 * time; prints a table and exits 1 if any write failed (a 5xx, 服务器开小差了, or `database is locked` in the log).
 * Refusals the rules make (a rate limit, a daily cap) are counted apart: they are answers, not failures.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIfNeeded, root } from "./build.ts";
import { signup } from "./bench-inbox.ts";
import type { Member } from "../api/test/signup.ts";

const writers = Number(process.env.LOAD_WRITERS) || 16;
const seconds = Number(process.env.LOAD_SECONDS) || 15;
const pgUrl = process.env.LOAD_PG_URL || "postgres://postgres@127.0.0.1:5432/yishe_load";

type Tally = { ok: number; refused: number; failed: number; locked: number; failures: string[] };

async function run(label: string, env: Record<string, string>): Promise<Tally> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-load-"));
  const port = 4100 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  let log = "";
  const server = spawn(process.execPath, [path.join(root, "server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dir,
      WORKERS: "2",
      CAPTCHA: "off",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (b) => (log += b));
  server.stderr.on("data", (b) => (log += b));
  const tally: Tally = { ok: 0, refused: 0, failed: 0, locked: 0, failures: [] };
  try {
    for (let i = 0; ; i++) {
      if (i > 480) throw new Error(`${label}: the server did not start\n${log}`);
      const up = await fetch(`${base}/api/config/configs`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const list = await (await fetch(`${base}/api/art/list?order=newest&limit=40`)).json();
    const works = (list.data.results as { artId: number }[]).map((w) => w.artId);
    const stamp = Date.now() % 1e6;
    const members: Member[] = [];
    for (let i = 0; i < writers; i++) members.push(await signup(base, `load${stamp}w${i}`));
    const until = Date.now() + seconds * 1000;
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const write = async (who: Member) => {
      const work = pick(works);
      const other = pick(members).user.id;
      const [p, body]: [string, Record<string, string>] = pick([
        [`/art/like/${work}`, {}],
        [`/art/unlike/${work}`, {}],
        [`/art/favorite/${work}`, {}],
        [`/art/unfavorite/${work}`, {}],
        ["/comment/create", { workId: String(work), content: `压测评论 ${Math.random().toString(36).slice(2, 8)}` }],
        ["/fans/follow", { userId: String(other) }],
        ["/fans/unfollow", { userId: String(other) }],
        ["/checkin", {}],
      ]);
      const res = await fetch(`${base}/api${p}`, {
        method: "POST",
        headers: { "X-User-Token": who.token },
        body: new URLSearchParams(body),
      });
      const answer = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null;
      if (res.status === 200 && answer?.success) tally.ok++;
      else if (res.status >= 500 || !answer || /服务器开小差|繁忙/.test(answer.message ?? "")) {
        tally.failed++;
        if (tally.failures.length < 5) tally.failures.push(`${p} ${res.status} ${answer?.message}`);
      } else tally.refused++;
    };
    await Promise.all(
      members.map(async (who) => {
        while (Date.now() < until) await write(who);
      }),
    );
    tally.locked = (log.match(/database is locked|SQLITE_BUSY/g) ?? []).length;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
  return tally;
}

async function postgresReady(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: pgUrl.replace(/\/[^/]+$/, "/postgres") });
  try {
    await admin.connect();
    const name = new URL(pgUrl).pathname.slice(1);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return true;
  } catch {
    return false;
  } finally {
    await admin.end().catch(() => {});
  }
}

async function dropPostgres() {
  const admin = new pg.Client({ connectionString: pgUrl.replace(/\/[^/]+$/, "/postgres") });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(pgUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}

buildIfNeeded();
const rows: [string, Tally][] = [["SQLite, 2 workers", await run("SQLite", {})]];
if (await postgresReady()) {
  try {
    rows.push(["PostgreSQL, 2 workers", await run("PostgreSQL", { DATABASE_URL: pgUrl })]);
  } finally {
    await dropPostgres();
  }
}
console.log(`\n${writers} members writing for ${seconds} s each\n`);
console.log("| setup | writes answered | refused by a rule | failed | 'database is locked' in the log |");
console.log("|---|--:|--:|--:|--:|");
for (const [label, t] of rows) console.log(`| ${label} | ${t.ok} | ${t.refused} | ${t.failed} | ${t.locked} |`);
for (const [label, t] of rows) for (const f of t.failures) console.log(`${label}: ${f}`);
process.exit(rows.some(([, t]) => t.failed > 0 || t.locked > 0) ? 1 : 0);
