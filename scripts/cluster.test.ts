import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupForm } from "../api/test/signup.ts";
import { freePorts } from "../api/test/ports.ts";
import { testRedis } from "../api/test/redis.ts";
import { HEAP_FLAGS, MALLOC_ARENAS, MALLOC_MMAP_THRESHOLD } from "../server/speed/heap.ts";

// Redis for the second shape, a database of its own emptied first: limits counted there outlive a run.
const redisUrl = `${process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379"}/11`;
const { redis, up: redisUp } = await testRedis();
redis.disconnect();

/**
 * The site as several processes: WORKERS=2 on one port (node:cluster hands connections round-robin), or two
 * servers started apart on their own ports, sharing the database and Redis, as behind a proxy. Every request here
 * opens a connection of its own and the next goes to the next port, as a crowd of browsers would.
 */
const shapes: { title: string; servers: Record<string, string>[] }[] = [
  { title: "several workers", servers: [{ WORKERS: "2" }] },
  ...(redisUp
    ? [
        {
          title: "two servers started apart, with REDIS_URL",
          servers: [
            { WORKERS: "1", REDIS_URL: redisUrl },
            { WORKERS: "1", REDIS_URL: redisUrl },
          ],
        },
      ]
    : []),
];

describe.each(shapes)("$title", ({ servers: shape }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-cluster-"));
  let ports: number[] = [];
  const servers: ChildProcess[] = [];
  let output = "";
  beforeAll(async () => {
    ports = await freePorts(shape.length);
    if (shape.some((vars) => vars.REDIS_URL)) {
      const { redis } = await testRedis();
      await redis.select(11);
      await redis.flushdb();
      redis.disconnect();
    }
    // Started together on one empty database: one migrates and seeds while the others wait.
    for (const [i, vars] of shape.entries()) {
      const server = spawn(process.execPath, ["server.ts"], {
        env: {
          ...process.env,
          // The workers' own (server/speed/heap.ts), whatever this run was started with.
          MALLOC_ARENA_MAX: undefined,
          MALLOC_MMAP_THRESHOLD_: undefined,
          NODE_ENV: "production",
          PORT: String(ports[i]),
          DATA_DIR: dir,
          DEMO_CONTENT: "0",
          OWNER_USERNAME: "owner",
          OWNER_PASSWORD: "owner-pass-1",
          CAPTCHA: "off",
          LOG_LEVEL: "info",
          ...vars,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      server.stdout!.on("data", (d) => (output += d));
      server.stderr!.on("data", (d) => (output += d));
      servers.push(server);
    }
    // Two processes listen in either shape; under WORKERS the primary also says when both are up. Their lines
    // come through different pipes, in no set order.
    const up = () =>
      (output.match(/"msg":"listening"/g)?.length ?? 0) >= 2 &&
      (shape.length > 1 || output.includes('"workers listening"'));
    for (let i = 0; i < 300 && !up(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!up()) throw new Error(`the servers did not start:\n${output}`);
  }, 40_000);

  it("says each warning once and gives one line to click, not one per worker", () => {
    expect(output.split("captcha is off").length - 1).toBe(shape.length);
    for (const port of ports) expect(output.split(`艺社已启动：http://localhost:${port}\n`).length - 1).toBe(1);
  });
  afterAll(() => {
    for (const server of servers) server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  let turn = 0;
  /** One request on a connection of its own, to the next server. */
  function send(method: string, pathname: string, headers: Record<string, string> = {}, body = "") {
    const port = ports[turn++ % ports.length];
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ port, method, path: pathname, headers, agent: false }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  async function member(name: string) {
    const res = await send("POST", "/api/login/signup", form, signupForm(name).toString());
    return JSON.parse(res.text).data as { token: string; user: { id: number } };
  }

  it("prepare the database once, then both listen", () => {
    expect(output.match(/"msg":"listening"/g)).toHaveLength(2);
    expect(output.match(/"msg":"seeded database"/g)).toHaveLength(1);
  });

  it.runIf(shape.length === 1)(
    "run every worker with the heap's sizes and glibc's arenas (server/speed/heap.ts)",
    () => {
      const primary = servers[0].pid!;
      const workers = readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/);
      expect(workers).toHaveLength(2);
      for (const pid of workers) {
        expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toEqual(
          expect.arrayContaining([...HEAP_FLAGS]),
        );
        expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toEqual(
          expect.arrayContaining([
            `MALLOC_ARENA_MAX=${MALLOC_ARENAS}`,
            `MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD}`,
          ]),
        );
      }
    },
  );

  it("carry a follow made through either worker to the followed person's open page", async () => {
    const ann = await member("annie");
    const fans = [];
    for (let i = 0; i < 4; i++) fans.push(await member(`fan${i}`));
    let text = "";
    const stream = request({
      port: ports[0],
      path: "/user/events",
      headers: { Cookie: `token=${ann.token}` },
      agent: false,
    });
    const opened = new Promise<void>((resolve) =>
      stream.on("response", (res) => {
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        resolve();
      }),
    );
    stream.end();
    await opened;
    const until = async (needle: string) => {
      for (let i = 0; i < 50 && !text.includes(needle); i++) await new Promise((r) => setTimeout(r, 50));
      return text.includes(needle);
    };
    expect(await until('"count":0')).toBe(true);
    // Each follow on a new connection: the workers take them in turn, so some land on the other worker.
    for (const [i, fan] of fans.entries()) {
      await send("POST", "/api/fans/follow", { ...form, "X-User-Token": fan.token }, `userId=${ann.user.id}`);
      expect([i, await until(`"count":${i + 1}`)]).toEqual([i, true]);
    }
    stream.destroy();
  });

  it("show an admin's change of the site's settings at once, whichever worker serves the page", async () => {
    const signin = await send("POST", "/api/login/signin", form, "username=owner&password=owner-pass-1");
    const owner = { Cookie: `token=${JSON.parse(signin.text).data.token}` };
    // Both workers read (and keep) the settings first.
    for (let i = 0; i < 4; i++) expect((await send("GET", "/about")).text).toContain("艺社");
    const values = new URLSearchParams({ siteTitle: "新名字画廊", siteDescription: "", siteKeywords: "" });
    values.set("tokenExpireDays", "30");
    const saved = await send(
      "POST",
      "/admin/settings",
      { ...form, ...owner, Origin: `http://localhost:${ports[turn % ports.length]}` },
      values.toString(),
    );
    expect(saved.status).toBe(302);
    for (let i = 0; i < 4; i++)
      expect([i, (await send("GET", "/about")).text.includes("新名字画廊")]).toEqual([i, true]);
  });

  it("show an info page an admin writes, and then empties, at once, whichever worker serves it", async () => {
    const signin = await send("POST", "/api/login/signin", form, "username=owner&password=owner-pass-1");
    const owner = { Cookie: `token=${JSON.parse(signin.text).data.token}` };
    const save = async (about: string) =>
      (
        await send(
          "POST",
          "/admin/pages",
          { ...form, ...owner, Origin: `http://localhost:${ports[turn % ports.length]}` },
          new URLSearchParams({ about, protocol: "" }).toString(),
        )
      ).status;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await send("GET", "/about", owner)).text).toContain("我们在做什么");
      expect(await save(`# 第${round}轮的关于页`)).toBe(302);
      for (let i = 0; i < 4; i++)
        expect([round, i, (await send("GET", "/about", owner)).text.includes(`第${round}轮的关于页`)]).toEqual([
          round,
          i,
          true,
        ]);
      expect(await save("")).toBe(302);
      for (let i = 0; i < 4; i++)
        expect([round, i, (await send("GET", "/about", owner)).text.includes("我们在做什么")]).toEqual([
          round,
          i,
          true,
        ]);
    }
  });

  it("show a work published through one worker in the lists both share, at once", async () => {
    const author = await member("painter");
    const nodes = JSON.parse((await send("GET", "/api/art/nodes")).text).data as { nodeId: number }[];
    const newest = async () =>
      (JSON.parse((await send("GET", "/api/art/list?order=newest")).text).data.results as { artId: number }[]).map(
        (w) => w.artId,
      );
    // Both workers read (and keep, LISTING_CACHE_MS) the newest list first.
    for (let i = 0; i < 4; i++) await newest();
    const published = await send(
      "POST",
      "/api/art/create",
      { ...form, "X-User-Token": author.token },
      new URLSearchParams({ type: "1", content: "两个进程都该看见", nodeId: String(nodes[0].nodeId) }).toString(),
    );
    const artId = JSON.parse(published.text).data.artId as number;
    expect(artId).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) expect([i, (await newest()).includes(artId)]).toEqual([i, true]);
  });

  it("stop together on SIGTERM, cleanly", async () => {
    const exited = servers.map((server) => new Promise<number | null>((resolve) => server.on("exit", resolve)));
    for (const server of servers) server.kill("SIGTERM");
    expect(await Promise.all(exited)).toEqual(servers.map(() => 0));
  });
});

describe("a port already taken", () => {
  it("ends the start with the reason, rather than starting workers again and again", async () => {
    const [port] = await freePorts(1);
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(port, r));
    const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-taken-"));
    try {
      const server = spawn(process.execPath, ["server.ts"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          DATA_DIR: dir,
          DEMO_CONTENT: "0",
          WORKERS: "2",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      server.stdout!.on("data", (d) => (output += d));
      server.stderr!.on("data", (d) => (output += d));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => (server.kill("SIGKILL"), resolve(null)), 30_000);
        server.on("exit", (c) => (clearTimeout(timer), resolve(c)));
      });
      expect(code).toBe(1);
      expect(output).toContain(`端口 ${port} 已被占用`);
      expect(output).toContain("艺社未能启动");
      expect(output).not.toContain("starting another");
    } finally {
      holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
