import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../api/db/index.ts";
import { counterDrift } from "../api/db/queries/counts.ts";
import { emptyDatabaseUrl, engine, stack } from "../api/test/harness.ts";
import { freePorts } from "../api/test/ports.ts";
import { testRedis } from "../api/test/redis.ts";
import { signupForm } from "../api/test/signup.ts";

// A server killed (SIGKILL: no goodbye, no flush) while dozens of writes are in flight, then started again on the
// same database: every write either happened whole or not at all, so every counter still agrees with the rows it
// counts. In the cluster stack (Redis), views a killed process had counted are not lost either.
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-crash-"));
const [port] = await freePorts(1);
const redisUrl = `${process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379"}/12`;
const withRedis = stack === "cluster";
const drops: (() => Promise<void>)[] = [];
let server: ChildProcess | null = null;
afterAll(async () => {
  server?.kill("SIGKILL");
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(databaseUrl: string) {
  let output = "";
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      ...(withRedis && { REDIS_URL: redisUrl }),
      DEMO_CONTENT: "0",
      OWNER_USERNAME: "owner",
      OWNER_PASSWORD: "owner-pass-1",
      CAPTCHA: "off",
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  for (let i = 0; i < 300 && !output.includes('"msg":"listening"'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('"msg":"listening"')) throw new Error(`server did not start:\n${output}`);
  return child;
}

const base = `http://127.0.0.1:${port}`;
type Answer = { success: boolean; data: Record<string, unknown> & { token?: string } };
async function post(pathname: string, token: string, body: Record<string, string> = {}, ip = "198.51.100.1") {
  const res = await fetch(base + pathname, {
    method: "POST",
    headers: { "X-User-Token": token, "X-Forwarded-For": ip, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
  return (await res.json()) as Answer;
}

describe(`a server killed mid-request (${engine}${withRedis ? ", Redis" : ""})`, () => {
  it("leaves no half-done write: every counter agrees with its rows after a restart", async () => {
    if (withRedis) {
      const { redis } = await testRedis();
      await redis.select(12);
      await redis.flushdb();
      redis.disconnect();
    }
    const database = await emptyDatabaseUrl();
    drops.push(database.drop);
    const databaseUrl = engine === "sqlite" ? `sqlite:${path.join(dir, "site.db")}` : database.url;
    server = await start(databaseUrl);

    const members: { token: string; id: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/login/signup`, {
        method: "POST",
        headers: { "X-Forwarded-For": `198.51.100.${10 + i}` },
        body: signupForm(`crash${i}`),
      });
      const { data } = (await res.json()) as { data: { token: string; user: { id: number } } };
      members.push({ token: data.token, id: data.user.id });
    }
    const nodes = (await (await fetch(`${base}/api/art/nodes`)).json()) as { data: { nodeId: number }[] };
    const nodeId = String(nodes.data[0].nodeId);
    const works: number[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await post("/api/art/create", members[i].token, { type: "1", content: `作品${i}`, nodeId });
      works.push(made.data.artId as number);
    }
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const actions = [
      (m: (typeof members)[0]) => post(`/api/art/like/${pick(works)}`, m.token),
      (m: (typeof members)[0]) => post(`/api/art/unlike/${pick(works)}`, m.token),
      (m: (typeof members)[0]) => post(`/api/art/favorite/${pick(works)}`, m.token),
      (m: (typeof members)[0]) => post(`/api/art/unfavorite/${pick(works)}`, m.token),
      (m: (typeof members)[0]) => post("/api/comment/create", m.token, { workId: String(pick(works)), content: "好" }),
      (m: (typeof members)[0]) => post("/api/fans/follow", m.token, { userId: String(pick(members).id) }),
      (m: (typeof members)[0]) => post("/api/fans/unfollow", m.token, { userId: String(pick(members).id) }),
      (m: (typeof members)[0]) =>
        post("/api/art/create", m.token, { type: "1", content: "又一幅", nodeId, tags: "速写,练习" }),
    ];
    let answered = 0;
    let cut = 0;
    let killed = false;
    const crowd = Array.from({ length: 24 }, async () => {
      while (!killed) {
        try {
          await pick(actions)(pick(members));
          answered++;
        } catch {
          // The connection died with the server.
          cut++;
        }
      }
    });
    // Killed once the crowd has been at it for a while, with its requests in flight, just after views it answered:
    // held in Redis in the cluster stack, in the killed process's memory otherwise.
    while (answered < 150) await new Promise((r) => setTimeout(r, 5));
    const views = 20;
    // Twenty visitors, each from an address of their own: one person's reloads count once.
    await Promise.all(
      Array.from({ length: views }, (_, i) => post(`/api/art/view/${works[0]}`, "", {}, `198.51.100.${100 + i}`)),
    );
    server.kill("SIGKILL");
    killed = true;
    await Promise.all(crowd);
    expect(cut).toBeGreaterThan(0);

    server = await start(databaseUrl);
    const opened = await openDatabase(databaseUrl);
    try {
      const likes = await opened.db.selectFrom("likes").select("work_id").execute();
      expect(likes.length).toBeGreaterThan(0);
      expect(await counterDrift(opened.db)).toEqual([]);
      // Every work published has the tags it was published with, or it is not there at all.
      const untagged = await opened.db
        .selectFrom("works")
        .select("id")
        .where("content", "=", "又一幅")
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom("work_tags").select("tag_id").whereRef("work_id", "=", "works.id"))),
        )
        .execute();
      expect(untagged).toEqual([]);
    } finally {
      await opened.close();
    }
    const detail = (await (await fetch(`${base}/api/art/${works[0]}`)).json()) as { data: { viewCount: number } };
    if (withRedis) expect(detail.data.viewCount).toBe(views);
    // The site carries on.
    expect((await post(`/api/art/like/${works[1]}`, members[7].token)).success).toBe(true);
  }, 60_000);
});
