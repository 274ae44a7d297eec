import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../api/db/index.ts";
import type { DashboardView } from "../contract/admin/views.ts";
import { checksums } from "../api/services/admin/site-backup.ts";
import { startSite } from "../tests/site/test-site.ts";

// Backups that restore (issue 55): a demo site with its pictures, backed up while it serves, restored into an empty
// data directory, gives the same works, members, comments and media, file for file.
const root = mkdtempSync(path.join(os.tmpdir(), "yishe-restore-"));
let source = "";
const backup = path.join(root, "backup");
const target = path.join(root, "target");
afterAll(() => rmSync(root, { recursive: true, force: true }));

function npm(script: string, dataDir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

async function census(dataDir: string) {
  const database = await openDatabase(`sqlite:${path.join(dataDir, "site.db")}`);
  try {
    const count = async (table: "works" | "users" | "comments") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const titles = (await database.db.selectFrom("works").select("title").orderBy("id").execute()).map((w) => w.title);
    return { works: await count("works"), users: await count("users"), comments: await count("comments"), titles };
  } finally {
    await database.close();
  }
}

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite({ DEMO_CONTENT: "1" });
  source = site.dir;
}, 120_000);
afterAll(async () => site.close());

describe("npm run backup, then npm run restore", () => {
  it("brings back the same works, members, comments and media into an empty data directory", async () => {
    // Taken while the site serves.
    const made = npm("backup", source, backup);
    expect(made.err).toBe("");
    expect(made.out).toMatch(/站点已备份到 .*媒体文件 \d+ 个/);
    const restored = npm("restore", target, backup);
    expect(restored.err).toBe("");
    expect(restored.out).toMatch(/媒体文件 \d+ 个（校验一致）/);
    const [before, after] = [await census(source), await census(target)];
    expect(before.works).toBeGreaterThan(10);
    expect(before.comments).toBeGreaterThan(10);
    expect(after).toEqual(before);
    // The admin overview shows it.
    const owner = await site.send("/api/login/signin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "owner", password: "owner-pass-1" }),
    });
    const token = ((await owner.json()) as { data: { token: string } }).data.token;
    const dash = await site.get("/api/admin/dashboard", { "X-User-Token": token });
    const { lastBackup } = ((await dash.json()) as { data: DashboardView }).data;
    expect(lastBackup).toMatchObject({ folder: backup, host: os.hostname() });
    expect(lastBackup!.bytes).toBeGreaterThan(100_000);
    const media = await checksums(path.join(source, "uploads"));
    expect(Object.keys(media).length).toBeGreaterThan(5);
    expect(await checksums(path.join(target, "uploads"))).toEqual(media);
  }, 120_000);

  it("refuses a target that is not empty, and a folder that is no backup, changing nothing", async () => {
    const again = npm("restore", target, backup);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/恢复失败：目标位置已有数据库|恢复失败：.*已有文件/);
    const stray = path.join(root, "stray");
    writeFileSync(path.join(root, "note.txt"), "not a backup");
    const wrong = npm("restore", stray, root);
    expect(wrong.err).toContain("不是艺社的备份");
    expect(() => readdirSync(stray)).toThrow();
    // A backup into a folder that already holds something is refused too.
    expect(npm("backup", source, backup).err).toContain("不是空的");
  });
});
