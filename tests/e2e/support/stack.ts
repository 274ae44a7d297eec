import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Redis } from "ioredis";
import S3rver from "s3rver";
import { asAdmin } from "../../../api/test/template.ts";
import {
  clusterPorts,
  e2eAdminUrl,
  e2eDataDir,
  e2eDatabaseUrl,
  e2ePort,
  e2eRedisUrl,
  serverLog,
  siteEnv,
} from "../../../playwright.config.ts";

/**
 * The site as it runs past one machine, for the browser suite's second run (E2E_STACK=cluster): a database of its
 * own on the machine's PostgreSQL, a Redis database emptied first, a local S3 store (s3rver), and two servers
 * started together, each with a data folder of its own, behind a proxy that sends every request to the other
 * server than the one before. Whatever a test does twice has crossed processes. SIGTERM stops it all and drops the
 * database.
 */
const database = new URL(e2eDatabaseUrl).pathname.slice(1);
const children: ChildProcess[] = [];
let s3: S3rver | null = null;
let proxy: http.Server | null = null;

const admin = (statement: string) => asAdmin(statement, e2eAdminUrl);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  proxy?.close();
  proxy?.closeAllConnections();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 8000).unref();
        }),
    ),
  );
  await s3?.close().catch(() => {});
  await admin(`drop database if exists ${database} with (force)`).catch(() => {});
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

rmSync(e2eDataDir, { recursive: true, force: true });
mkdirSync(e2eDataDir, { recursive: true });
const log = createWriteStream(serverLog, { flags: "a" });

await admin(`drop database if exists ${database} with (force)`);
await admin(`create database ${database}`);
const redis = new Redis(e2eRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
await redis.flushdb();
redis.disconnect();

const bucket = "media";
s3 = new S3rver({
  port: clusterPorts.s3,
  address: "127.0.0.1",
  silent: true,
  directory: path.join(e2eDataDir, "s3"),
  configureBuckets: [{ name: bucket, configs: [] }],
});
await s3.run();

const stackEnv = {
  DATABASE_URL: e2eDatabaseUrl,
  REDIS_URL: e2eRedisUrl,
  STORAGE: "s3",
  S3_ENDPOINT: `http://127.0.0.1:${clusterPorts.s3}`,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "1",
};

// Both at once, on an empty database: one migrates and seeds while the other waits for it.
for (const [i, port] of clusterPorts.servers.entries()) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      ...siteEnv,
      ...stackEnv,
      PORT: String(port),
      DATA_DIR: path.join(e2eDataDir, `server-${i}`),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // One log for both: the phone journeys read the SMS codes either server printed.
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.pipe(log, { end: false });
    stream.pipe(process.stdout, { end: false });
  }
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`server ${i} (port ${port}) stopped: ${signal ?? code}`);
      void stop(1);
    }
  });
  children.push(child);
}

async function ready(port: number) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/config/configs`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on port ${port} did not start`);
}
await Promise.all(clusterPorts.servers.map(ready));

// Round robin by request, not by connection: a browser's next request usually lands on the other server. The
// proxy passes X-Forwarded-For on as the tests wrote it (each test is a visitor from an address of its own).
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
let turn = 0;
proxy = http.createServer(async (req, res) => {
  const server = turn++ % clusterPorts.servers.length;
  // The body is read first, so a request sent on a kept-alive socket the server had just closed can be sent again
  // on a fresh one (Node's documented retry: `reusedSocket` and ECONNRESET), as a browser would. Unread, a post
  // lost that way reached the test as an empty 502.
  const body: Buffer[] = [];
  for await (const chunk of req) body.push(chunk as Buffer);
  const send = (retry: boolean) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: clusterPorts.servers[server],
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-e2e-server": String(server) });
        answer.pipe(res);
      },
    );
    upstream.on("error", (err: NodeJS.ErrnoException) => {
      if (retry && upstream.reusedSocket && err.code === "ECONNRESET" && !res.headersSent) return send(false);
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end();
    });
    // A browser that leaves (an event stream closed, a navigation) leaves the server too.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(Buffer.concat(body));
  };
  send(true);
});
proxy.listen(e2ePort, "127.0.0.1", () =>
  console.log(`stack: proxy on ${e2ePort} → ${clusterPorts.servers.join(", ")}`),
);
