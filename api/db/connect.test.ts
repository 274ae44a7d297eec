import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createLogger } from "../lib/log.ts";
import { openDatabase } from "./index.ts";

// An unreachable PostgreSQL (issue 54): waited for with back-off, then named by its setting, not a pool's stack.
const NOWHERE = "postgres://postgres:secret-pw@127.0.0.1:1/nowhere";

describe("an unreachable PostgreSQL", () => {
  it("is asked again with back-off, then refused naming DATABASE_URL and where it points, never the password", async () => {
    const lines: { msg: string; attempt?: number }[] = [];
    const log = createLogger("info", (l) => lines.push(JSON.parse(l) as { msg: string }));
    const opened = openDatabase(NOWHERE, log, { poolMax: 1, statementTimeoutMs: 0, connectWaitMs: 1_600 });
    await expect(opened).rejects.toThrow(/^DATABASE_URL \(127\.0\.0\.1:1\/nowhere\) 无法连接：/);
    const retries = lines.filter((l) => l.msg.startsWith("DATABASE_URL (127.0.0.1:1/nowhere) 无法连接，"));
    expect(retries.map((l) => l.attempt)).toEqual([1, 2]);
    expect(JSON.stringify(lines)).not.toContain("secret-pw");
  });

  it("stops the start with one line saying so, and exit code 1", async () => {
    const child = spawn(process.execPath, ["server.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: NOWHERE,
        DATABASE_CONNECT_WAIT_MS: "0",
        PORT: "39123",
        NODE_ENV: "production",
      },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const code = await new Promise<number | null>((r) => child.on("exit", r));
    expect(code).toBe(1);
    const failed = out
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .filter((l) => l.level === "error");
    expect(failed.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^艺社未能启动：DATABASE_URL \(127\.0\.0\.1:1\/nowhere\) 无法连接：/),
    ]);
    expect(out).not.toContain("secret-pw");
  }, 30_000);
});
