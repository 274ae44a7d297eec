/**
 * NodeBB as the other side of `npm run bench:nodebb`: a copy fetched beside this checkout (NODEBB_DIR, default
 * ../nodebb; v4.11.2 with `cp install/package.json package.json && npm install --omit=dev`), set up on a Redis
 * database of its own (NODEBB_REDIS_DB, default 7) and seeded once by scripts/nodebb/seed.cjs. Its event-loop check
 * is off: under load it would answer 503 rather than queue.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";

export const nodebbDir = path.resolve(process.env.NODEBB_DIR || "../nodebb");
const redisDb = Number(process.env.NODEBB_REDIS_DB ?? 7);
const port = Number(process.env.NODEBB_PORT) || 4567;
export const nodebbBase = `http://127.0.0.1:${port}`;
const memberPassword = "bench-pass-123";
/** Where the seed's answer is kept, in NodeBB's own Redis database; its shape's version is in the name. */
const SEED_KEY = "yishe:bench:seed:2";

/** What the seed made: the 17-post topic's path, every topic's, a category's, and the member who signs in. */
export type NodebbData = { longTopic: string; topics: string[]; category: string; member: string };

function run(args: string[], what: string) {
  const done = spawnSync(process.execPath, args, { cwd: nodebbDir, encoding: "utf8", env: { ...process.env } });
  if (done.status !== 0) throw new Error(`NodeBB ${what} failed:\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

/** Sets NodeBB up and seeds it the first time; answers what the seed made, or null without a copy of NodeBB. */
export async function prepareNodebb(): Promise<NodebbData | null> {
  if (!existsSync(path.join(nodebbDir, "src/topics"))) return null;
  if (!existsSync(path.join(nodebbDir, "config.json"))) {
    const setup = {
      url: nodebbBase,
      secret: `bench-${process.pid}`,
      database: "redis",
      "redis:host": "127.0.0.1",
      "redis:port": 6379,
      "redis:password": "",
      "redis:database": redisDb,
      "admin:username": "admin",
      "admin:password": memberPassword,
      "admin:password:confirm": memberPassword,
      "admin:email": "admin@example.com",
    };
    run(["nodebb", "setup", JSON.stringify(setup)], "setup");
  }
  const redis = new Redis({ host: "127.0.0.1", port: 6379, db: redisDb });
  try {
    await redis.hset("config", "eventLoopCheckEnabled", "0");
    const kept = await redis.get(SEED_KEY);
    if (kept) return asRequested(JSON.parse(kept));
    const started = performance.now();
    const out = run([path.resolve(import.meta.dirname, "seed.cjs")], "seed")
      .trim()
      .split("\n")
      .pop()!;
    console.log(`NodeBB seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    await redis.set(SEED_KEY, out);
    return asRequested(JSON.parse(out));
  } finally {
    redis.disconnect();
  }
}

/** NodeBB's slugs hold Chinese: as a request line must carry them. */
function asRequested(data: NodebbData): NodebbData {
  return {
    ...data,
    longTopic: encodeURI(data.longTopic),
    topics: data.topics.map((t) => encodeURI(t)),
    category: encodeURI(data.category),
  };
}

/** Starts NodeBB (one process, production) and waits until it answers. */
export async function startNodebb(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["app.js"], {
    cwd: nodebbDir,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "ignore",
  });
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${nodebbBase}/api/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("NodeBB did not start");
}

/** Signs the seeded member in and answers the session's cookie. */
export async function nodebbCookie(member: string): Promise<string> {
  const cookies = (r: Response) => r.headers.getSetCookie().map((c) => c.split(";")[0]);
  const config = await fetch(`${nodebbBase}/api/config`);
  const start = cookies(config).join("; ");
  const { csrf_token } = (await config.json()) as { csrf_token: string };
  const login = await fetch(`${nodebbBase}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: start, "x-csrf-token": csrf_token, "content-type": "application/json" },
    body: JSON.stringify({ username: member, password: memberPassword }),
  });
  if (!login.ok) throw new Error(`NodeBB sign-in failed: ${login.status}`);
  return cookies(login).join("; ") || start;
}

/** Redis's process, whose CPU counts to NodeBB's: it does the work our SQLite does inside the site's process. */
export async function redisPid(): Promise<number> {
  const redis = new Redis({ host: "127.0.0.1", port: 6379 });
  try {
    return Number(/process_id:(\d+)/.exec(await redis.info("server"))?.[1]);
  } finally {
    redis.disconnect();
  }
}
