import Database from "better-sqlite3";
import { Redis } from "ioredis";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../api/config/env.ts";
import { captchaKey, readCaptchaValue } from "../api/lib/captcha-value.ts";
import { createLogger } from "../api/lib/log.ts";
import { createSite, type Site } from "./site.ts";
import { signupForm, type Member } from "../api/test/signup.ts";
import { openInbox } from "../tests/site/test-site.ts";

// A Redis of the test's own, stopped and started again under two sites (two processes, one database).
const which = spawnSync("redis-server", ["--version"]).status === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-outage-"));
let port = 0;
let redis: ChildProcess | null = null;
const sites: Site[] = [];
const lines: string[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRedis() {
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const c = connect(port, "127.0.0.1");
      c.on("connect", () => (c.end(), resolve(true)));
      c.on("error", () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error("redis-server did not start");
}
async function stopRedis() {
  const exited = new Promise((r) => redis!.on("exit", r));
  redis!.kill("SIGKILL");
  await exited;
  redis = null;
}

beforeAll(async () => {
  if (!which) return;
  port = await freePort();
  await startRedis();
});
afterAll(async () => {
  for (const s of sites) await s.close();
  if (redis) await stopRedis();
  rmSync(dir, { recursive: true, force: true });
});

const noBuild = async () => {
  throw new Error("no build in this test");
};
const form = (values: Record<string, string>) => new URLSearchParams(values);

/** Asks `site` for a captcha: its id, and its row in the database if it was kept there. */
async function askCaptcha(site: Site) {
  const res = await site.fetch(new Request("http://x/api/captcha/request"), { socketIp: "198.51.100.9" });
  const { captchaId: id } = ((await res.json()) as { data: { captchaId: string } }).data;
  const db = new Database(path.join(dir, "site.db"), { readonly: true });
  const row = db.prepare("select code from captchas where id = ?").get(id) as { code: string } | undefined;
  db.close();
  return { id, row };
}

async function answerCaptcha(site: Site, captchaId: string, captchaCode: string, name: string) {
  const body = signupForm(name);
  body.set("captchaId", captchaId);
  body.set("captchaCode", captchaCode);
  const res = await site.fetch(new Request("http://x/api/login/signup", { method: "POST", body }), {
    socketIp: "198.51.100.10",
  });
  return ((await res.json()) as { success: boolean }).success;
}

describe.runIf(which || process.env.CI)("when Redis goes away for a few seconds", () => {
  it("the site keeps serving, limits sign-in on its own, keeps captchas in the database, and live updates come back with Redis", async () => {
    const envVars = { DATA_DIR: dir, DEMO_CONTENT: "0", CAPTCHA: "off", REDIS_URL: `redis://127.0.0.1:${port}` };
    const env = readEnv(envVars);
    const one = await createSite(
      env,
      createLogger("info", (l) => lines.push(l)),
      noBuild,
    );
    const two = await createSite(env, createLogger("silent"), noBuild);
    // A third process, with the captcha on.
    const guarded = await createSite(readEnv({ ...envVars, CAPTCHA: "on" }), createLogger("silent"), noBuild);
    sites.push(one, two, guarded);
    const post = (site: Site, url: string, body: URLSearchParams, token = "", ip = "198.51.100.7") =>
      site.fetch(
        new Request(`http://x${url}`, { method: "POST", headers: token ? { "X-User-Token": token } : {}, body }),
        { socketIp: ip },
      );
    const join = async (name: string, ip: string) =>
      ((await (await post(one, "/api/login/signup", signupForm(name), "", ip)).json()) as { data: Member }).data;
    const [ann, bo, cy] = [
      await join("annie", "198.51.100.1"),
      await join("bobby", "198.51.100.2"),
      await join("carly", "198.51.100.3"),
    ];

    const inbox = await openInbox(two, ann.token);
    await inbox.until('"count":0');

    await stopRedis();
    await sleep(300);
    // Writes and reads go on.
    const follow = await post(one, "/api/fans/follow", form({ userId: String(ann.user.id) }), bo.token);
    expect(((await follow.json()) as { success: boolean }).success).toBe(true);
    expect((await one.fetch(new Request("http://x/api/art/list?order=newest"))).status).toBe(200);
    // Sign-in failures are still counted, by this process alone: the sixth from one address waits.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post(one, "/api/login/signin", form({ username: "annie", password: "wrong-pass-1" }))).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(lines.some((l) => l.includes(`REDIS_URL (127.0.0.1:${port}) 无法连接`))).toBe(true);
    // Captchas go to the database meanwhile, and one asked for now is still answered once Redis is back.
    const early = await askCaptcha(guarded);
    expect(early.row).toBeDefined();

    await startRedis();
    // Back by itself: the next change reaches the page held open on the other process.
    let back = false;
    for (let i = 0; i < 50 && !back; i++) {
      await sleep(200);
      back = lines.some((l) => l.includes("已恢复连接"));
    }
    expect(back).toBe(true);
    await sleep(300);
    await post(one, "/api/fans/follow", form({ userId: String(ann.user.id) }), cy.token);
    await inbox.until('"count":2');
    await inbox.close();
    expect(await answerCaptcha(guarded, early.id, early.row!.code, "dora")).toBe(true);
    // With Redis back, a captcha is a Redis key: no row, and the other process answers it once.
    const late = await askCaptcha(guarded);
    expect(late.row).toBeUndefined();
    const reader = new Redis(`redis://127.0.0.1:${port}`);
    const [key] = await reader.keys(captchaKey("*", late.id));
    const held = readCaptchaValue(await reader.get(key));
    reader.disconnect();
    expect(held?.code).toMatch(/^\w{4}$/);
    expect(await answerCaptcha(guarded, late.id, held!.code, "ella")).toBe(true);
    expect(await answerCaptcha(guarded, late.id, held!.code, "fern")).toBe(false);
  }, 30_000);
});
