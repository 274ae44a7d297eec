import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readEnv } from "../api/config/env.ts";
import { createLogger } from "../api/lib/log.ts";
import { createSite, type Site } from "../server/site.ts";
import { listen } from "../server/listen.ts";
import { signupForm } from "../api/test/signup.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The web build is not needed for these paths; a page request would fail loudly.
const noBuild = async () => {
  throw new Error("no build in this test");
};

/** A site over the data directory, API only, with its log lines kept. */
async function apiSite() {
  const lines: string[] = [];
  const env = readEnv({ DATA_DIR: dir, DEMO_CONTENT: "0", CAPTCHA: "off" });
  const site = await createSite(
    env,
    createLogger("info", (l) => lines.push(l)),
    noBuild,
  );
  return { site, lines };
}

describe("the process", () => {
  it("finishes a request in flight on stop, then closes the database", async () => {
    const { site, lines } = await apiSite();
    const { server, listening, stop } = listen(site, 0, { graceMs: 5000 });
    await listening;
    const port = (server.address() as { port: number }).port;

    // A sign-in whose body arrives in two parts: stop() is called between them.
    const body = "username=nobody&password=secret123";
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          method: "POST",
          path: "/api/login/signin",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = stop();
    const reply = await answer;
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).message).toBe("用户名或密码错误");
    expect(await stopped).toBe("clean");
    // The database is closed: a query now fails.
    await expect(site.database!.db.selectFrom("users").select("id").execute()).rejects.toThrow();
    const logged = lines.map((l) => JSON.parse(l));
    expect(logged.some((l) => l.msg === "request" && l.route === "/api/login/signin" && l.status === 400)).toBe(true);
    // The start's warnings are main()'s to say, once per start (server/startup.ts), not each site's.
    expect(logged.some((l) => l.level === "warn")).toBe(false);
  });

  it("cuts what is still being answered at the deadline, and still writes what it held and closes", async () => {
    let closed = false;
    const stuck: Site = {
      // An answer that never comes (a hung upstream).
      fetch: () => new Promise<Response>(() => {}),
      drain: () => {},
      close: async () => {
        closed = true;
      },
      database: null,
    };
    const lines: string[] = [];
    const { server, listening, stop } = listen(stuck, 0, {
      graceMs: 1000,
      log: createLogger("info", (l) => lines.push(l)),
    });
    await listening;
    const port = (server.address() as { port: number }).port;
    const req = request({ port, path: "/" });
    req.on("error", () => {});
    req.end();
    await new Promise((r) => setTimeout(r, 100));
    expect(await stop()).toBe("forced");
    // The held views are written and the database closed even so.
    expect(closed).toBe(true);
    const cut = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "stop: requests still being answered were cut");
    expect(cut).toMatchObject({ count: 1, graceMs: 1000 });
  });

  it("closes the database only after answers whose browser has already gone", async () => {
    let closed = false;
    const seen: boolean[] = [];
    const slow: Site = {
      fetch: async () => {
        await new Promise((r) => setTimeout(r, 300));
        seen.push(closed);
        return new Response("late");
      },
      drain: () => {},
      close: async () => {
        closed = true;
      },
      database: null,
    };
    const { server, listening, stop } = listen(slow, 0, { graceMs: 5000 });
    await listening;
    const port = (server.address() as { port: number }).port;
    // The browser asks, then goes away before the answer: its connection is gone, its answer still at work.
    const req = request({ port, path: "/" });
    req.on("error", () => {});
    req.end();
    await new Promise((r) => setTimeout(r, 100));
    req.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(await stop()).toBe("clean");
    expect(seen).toEqual([false]);
    expect(closed).toBe(true);
  });

  it("closes the database only after the API calls still at work, as a page's whose browser went away", async () => {
    const { site, lines } = await apiSite();
    // A sign-in whose body is still coming when the site is closed: the call is at work, its query not yet run.
    let rest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("username=nobody&"));
        rest = () => {
          controller.enqueue(new TextEncoder().encode("password=secret123"));
          controller.close();
        };
      },
    });
    const answer = site.fetch(
      new Request("http://127.0.0.1:3000/api/login/signin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit),
      { socketIp: "127.0.0.1" },
    );
    await new Promise((r) => setTimeout(r, 50));
    const closed = site.close();
    setTimeout(rest, 200);
    const res = await answer;
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("用户名或密码错误");
    await closed;
    await expect(site.database!.db.selectFrom("users").select("id").execute()).rejects.toThrow();
    expect(lines.some((l) => l.includes("destroyed"))).toBe(false);
  });

  it("ends open inbox streams when it stops, so it stops clean rather than at the deadline", async () => {
    const own = mkdtempSync(path.join(os.tmpdir(), "yishe-server-"));
    const site = await createSite(
      readEnv({ DATA_DIR: own, DEMO_CONTENT: "0", CAPTCHA: "off" }),
      createLogger("silent"),
      noBuild,
    );
    const signup = await site.fetch(
      new Request("http://x/api/login/signup", {
        method: "POST",
        body: signupForm("listener", "听众"),
      }),
    );
    const { token } = ((await signup.json()) as { data: { token: string } }).data;
    const { server, listening, stop } = listen(site, 0, { graceMs: 3000 });
    await listening;
    const port = (server.address() as { port: number }).port;
    const ended = new Promise<string>((resolve, reject) => {
      const req = request({ port, path: "/api/user/events", headers: { "X-User-Token": token } }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await stop()).toBe("clean");
    expect(await ended).toContain("event: unread");
    rmSync(own, { recursive: true, force: true });
  });

  it("writes the views it still holds when it stops: the totals stay exact", async () => {
    const own = mkdtempSync(path.join(os.tmpdir(), "yishe-server-"));
    const env = readEnv({ DATA_DIR: own, DEMO_CONTENT: "0", CAPTCHA: "off" });
    const site = await createSite(env, createLogger("silent"), noBuild);
    const db = site.database!.db;
    const signup = await site.fetch(
      new Request("http://x/api/login/signup", { method: "POST", body: signupForm("looker", "看客") }),
    );
    const { token } = ((await signup.json()) as { data: { token: string } }).data;
    const node = await db.selectFrom("nodes").select("id").executeTakeFirstOrThrow();
    const made = await site.fetch(
      new Request("http://x/api/art/create", {
        method: "POST",
        headers: { "X-User-Token": token },
        body: new URLSearchParams({ type: "1", content: "看过就算", nodeId: String(node.id) }),
      }),
    );
    const { artId } = ((await made.json()) as { data: { artId: number } }).data;
    // Five readers (one view each per half hour).
    for (let i = 0; i < 5; i++)
      await site.fetch(new Request(`http://x/api/art/view/${artId}`, { method: "POST" }), {
        socketIp: `198.51.100.${i + 1}`,
      });
    const { stop } = listen(site, 0);
    expect(await stop()).toBe("clean");
    const again = await createSite(env, createLogger("silent"), noBuild);
    const row = await again
      .database!.db.selectFrom("works")
      .select("view_count")
      .where("id", "=", artId)
      .executeTakeFirst();
    expect(row?.view_count).toBe(5);
    await again.close();
    rmSync(own, { recursive: true, force: true });
  });

  it("answers 404 for missing assets and uploads instead of rendering a page", async () => {
    const site = await createSite(readEnv({ DATA_DIR: dir, DEMO_CONTENT: "0" }), createLogger("silent"), noBuild);
    expect((await site.fetch(new Request("http://x/assets/missing.js"))).status).toBe(404);
    expect((await site.fetch(new Request("http://x/uploads/demo/missing.webp"))).status).toBe(404);
    expect((await site.fetch(new Request("http://x/api/none"))).status).toBe(404);
    await site.close();
  });

  it.each([
    ["PORT", "30O0"],
    ["PAGE_STORE_MB", "3s"],
    ["CAPTCHA", "false"],
  ])("refuses to start with %s=%s, naming the variable", async (name, value) => {
    const child = spawnSync(process.execPath, ["server.ts"], {
      env: { ...process.env, DATA_DIR: dir, [name]: value },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain(`${name}=${JSON.stringify(value)} 无效`);
    expect(child.stdout).not.toContain("listening");
  });
});
