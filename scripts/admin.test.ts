import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../api/db/index.ts";
import { startSite, type TestSite } from "../tests/site/test-site.ts";

// The owner's command line (issue 55): on the site's own data directory, as the owner, with the audit log.
let s: TestSite;
let dir = "";
beforeAll(async () => {
  s = await startSite();
  dir = s.dir;
  await s.member("ann");
  await s.site.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function admin(...args: string[]) {
  const run = spawnSync(process.execPath, ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", REDIS_URL: "", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

async function signIn(username: string, password: string) {
  const site = await startSite({ DATA_DIR: dir, DEMO_CONTENT: "0" });
  try {
    const res = await site.send("/api/login/signin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, password }),
    });
    return ((await res.json()) as { success: boolean; message: string }).success;
  } finally {
    await site.site.close();
  }
}

async function auditActions() {
  const database = await openDatabase(`sqlite:${dir}/site.db`);
  try {
    return (await database.db.selectFrom("audit_log").select(["action", "reason"]).orderBy("id").execute()).map(
      (r) => `${r.action}:${r.reason}`,
    );
  } finally {
    await database.close();
  }
}

describe("npm run admin", () => {
  it("resets a lost owner password: the new one, shown once, signs the owner in, the old one no longer", async () => {
    const run = admin("reset-password", "owner");
    expect(run.code).toBe(0);
    const password = run.out.trim().split("\n").at(-1)!;
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await signIn("owner", password)).toBe(true);
    expect(await signIn("owner", "owner-pass-1")).toBe(false);
    expect(await auditActions()).toContain("user.password:命令行");
  });

  it("bans and lifts a member, as the admin pages do, with the audit log", async () => {
    expect(admin("ban", "ann", "0", "发广告").code).toBe(0);
    expect(await auditActions()).toContain("user.ban:发广告");
    expect(admin("unban", "ann").code).toBe(0);
    expect(await auditActions()).toContain("user.unban:");
  });

  it("creates an admin whose printed password signs in, and lists the staff", async () => {
    const run = admin("create-member", "bob_2", "小博", "--admin");
    expect(run.code).toBe(0);
    const password = run.out.trim().split("\n").at(-1)!;
    expect(await signIn("bob_2", password)).toBe(true);
    const list = admin("admins").out;
    expect(list).toMatch(/^站长\towner\t/m);
    expect(list).toMatch(/^管理员\tbob_2\t小博/m);
    expect(await auditActions()).toEqual(expect.arrayContaining(["user.create:命令行", "user.roles:"]));
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await auditActions();
    expect(admin("reset-password", "nobody")).toMatchObject({ code: 1, err: "没有用户名为 nobody 的用户\n" });
    expect(admin("ban", "ann", "seven", "原因").err).toContain("天数应为 0 到 3650 的整数");
    expect(admin("ban", "owner", "1", "试试").code).toBe(1);
    expect(admin("create-member", "9lives").err).toContain("用户名需以字母开头");
    expect(admin("create-member", "ann").code).toBe(1);
    expect(admin("frobnicate").err).toContain("未知命令：frobnicate");
    expect(admin("ban", "ann").err).toContain("参数不足");
    expect(await auditActions()).toEqual(before);
  });

  it("runs a job now, here, and lists the queues", async () => {
    const run = admin("run-job", "search.reindex");
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^已运行 search\.reindex（1 次/);
    expect(admin("jobs").out).toMatch(/^search\.reindex\t重建搜索索引\t等待 0\t进行中 0\t完成 1\t失败 0$/m);
    expect(await auditActions()).toContain("job.run:");
    expect(admin("run-job", "rm").err).toContain("没有这种任务");
    expect(admin("run-job", "mail.send").err).toContain("邮件任务随邮件排队");
  });

  it("shows the health a probe sees", () => {
    const run = admin("health");
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^database\t正常$/m);
    expect(run.out).toMatch(/^migrations\t正常$/m);
  });
});
