/**
 * `npm run admin -- <command>` (scripts/admin.ts): the owner's command line, for what cannot wait for the web (a lost
 * owner password) or is easier from a shell. It acts on the database of DATABASE_URL / DATA_DIR as the site's owner, by the same rules
 * and with the same audit log as the admin pages, while the site runs or not.
 *
 *   reset-password <用户名>                 a new password, printed once; every session of theirs ends
 *   create-member <用户名> [昵称] [--admin]  a member (or admin) with a password printed once
 *   ban <用户名> <天数, 0 为永久> <原因>      signs them out everywhere
 *   unban <用户名>
 *   admins                                  the owner and the admins
 *   health                                  what the readiness probe checks, and each process's last heartbeat
 *   jobs                                    the queues by state and the failed jobs (as /admin/jobs shows them)
 *   run-job <任务>                           runs a kind of job now, here (search.reindex, site.backup, …)
 */
import { SITE } from "../lib/page-topics.ts";
import path from "node:path";
import { Redis } from "ioredis";
import type { Env } from "../config/env.ts";
import { createDeps } from "../app.ts";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest, pendingMigrations } from "../db/migrate.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";
import { memoryBus, redisBus } from "../lib/bus.ts";
import { ApiError } from "../lib/errors.ts";
import { lift, restrict, setAdmin } from "../services/moderation/restrictions.ts";
import { createMember, memberNamed, resetPassword, shellOwner, staff } from "../services/admin/owner-tools.ts";
import { processesNow } from "../services/admin/operations.ts";
import { backupJob, jobSettingsOf, storageOf } from "./assembly.ts";
import { openJobs } from "../jobs/open.ts";
import { jobHandlers } from "../jobs/handlers.ts";
import { jobsOverview, runJobNow } from "../services/admin/admin-jobs.ts";
import { jobNameSchema } from "../../contract/jobs/schemas.ts";
import { jobNames } from "../../contract/jobs/jobs.ts";
import { parse } from "../lib/validate.ts";
import { readinessChecks } from "./readiness.ts";
import { silentLogger } from "../../contract/shared/log.ts";

const USAGE = `用法：npm run admin -- <命令>
  reset-password <用户名>                 重置密码（新密码只显示这一次）
  create-member <用户名> [昵称] [--admin]  创建用户或管理员
  ban <用户名> <天数，0 为永久> <原因>      封禁
  unban <用户名>                          解除封禁
  admins                                  列出站长和管理员
  health                                  检查数据库、Redis、存储，并列出各进程的状态
  jobs                                    列出后台任务队列和失败的任务
  run-job <任务>                           立即运行一个任务：${jobNames.filter((n) => n !== "mail.send").join("、")}`;

const CHECK_MS = 2_000;

/** Runs one owner's command (`argv` as typed after `--`); answers the exit status. */
export async function runOwnerCommand(env: Env, argv: string[]): Promise<number> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const [command, ...args] = argv;
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const words = args.filter((a) => !a.startsWith("--"));

  function need(count: number) {
    if (words.length < count) throw new ApiError("validation", `参数不足。\n${USAGE}`);
  }

  const database = await openDatabase(env.databaseUrl, silentLogger, { ...env.database, connectWaitMs: 0 });
  const redis = env.redisUrl ? new Redis(env.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true }) : null;
  // A ban ends the member's open pages in every process: told through Redis when the site has it.
  const bus = redis ? redisBus(redis, silentLogger) : memoryBus();
  const jobs = await openJobs(database, { settings: jobSettingsOf(env) });
  const deps = createDeps({
    db: database.db,
    dialect: database.dialect,
    bus,
    captchaEnabled: false,
    log: silentLogger,
    jobs,
  });
  let failed = false;
  try {
    const pending = await pendingMigrations(database);
    if (pending.length) throw new ApiError("badRequest", "数据库还没有迁移到当前版本：先启动一次站点（npm start）");
    const owner = await shellOwner(deps);
    switch (command) {
      case "reset-password": {
        need(1);
        const member = await memberNamed(deps, words[0]);
        const password = await resetPassword(deps, owner, member.id);
        say(`已重置 ${member.username}（${member.nickname}）的密码，所有登录已退出。新密码（只显示这一次）：`);
        say(password);
        break;
      }
      case "create-member": {
        need(1);
        const made = await createMember(deps, owner, { username: words[0], nickname: words[1] ?? "" });
        if (flags.has("--admin")) await setAdmin(deps, owner, made.id, true);
        say(
          `已创建${flags.has("--admin") ? "管理员" : "用户"} ${words[0].toLowerCase()}（编号 ${made.id}）。密码（只显示这一次）：`,
        );
        say(made.password);
        break;
      }
      case "ban": {
        need(3);
        const days = Number(words[1]);
        if (!Number.isInteger(days) || days < 0 || days > 3650)
          throw new ApiError("validation", "天数应为 0 到 3650 的整数，0 表示永久");
        const member = await memberNamed(deps, words[0]);
        await restrict(deps, owner, member.id, { kind: "ban", days, reason: words.slice(2).join(" ").slice(0, 200) });
        say(`已封禁 ${member.username}${days ? ` ${days} 天` : "（永久）"}，其所有登录已退出。`);
        break;
      }
      case "unban": {
        need(1);
        const member = await memberNamed(deps, words[0]);
        await lift(deps, owner, member.id, "ban");
        say(`已解除 ${member.username} 的封禁。`);
        break;
      }
      case "admins":
        for (const s of await staff(deps))
          say(`${s.roles.includes("owner") ? "站长" : "管理员"}\t${s.username}\t${s.nickname}\t编号 ${s.id}`);
        break;
      case "health": {
        await redis?.connect().catch(() => {});
        const storage = await storageOf(env);
        for (const check of readinessChecks({ database, redis, storage })) {
          const up = await Promise.race([
            check.run().then(() => true),
            new Promise<boolean>((r) => setTimeout(() => r(false), CHECK_MS).unref()),
          ]).catch(() => false);
          say(`${check.name}\t${up ? "正常" : "异常"}`);
          if (!up) failed = true;
        }
        const processes = await processesNow(deps);
        say(processes.length ? "最近报告状态的进程：" : "最近一分钟没有进程报告状态（站点没有在运行？）");
        for (const p of processes)
          say(`  ${p.host} 进程 ${p.pid}${p.worker ? `（工作进程 ${p.worker}）` : ""} 版本 ${p.release.slice(0, 12)}`);
        break;
      }
      case "jobs": {
        const view = await jobsOverview(deps);
        for (const q of view.queues) {
          const c = q.counts;
          say(
            `${q.name}\t${q.label}\t等待 ${c.created + c.retry}\t进行中 ${c.active}\t完成 ${c.completed}\t失败 ${c.failed}`,
          );
        }
        for (const j of view.failed) say(`失败\t${j.name}\t${j.id}\t${j.error}`);
        break;
      }
      case "run-job": {
        need(1);
        const name = parse(jobNameSchema, words[0]);
        await runJobNow(deps, owner, name);
        const started = performance.now();
        const ran = await deps.jobs.runDue(jobHandlers(deps, { backup: backupJob(env) }), [name]);
        const failedNow = (await deps.jobs.failed(5)).find((j) => j.name === name);
        say(
          `已运行 ${name}（${ran} 次，用时 ${Math.round(performance.now() - started)} ms）${failedNow ? `；失败：${failedNow.error}` : ""}`,
        );
        break;
      }
      default:
        throw new ApiError("validation", command ? `未知命令：${command}\n${USAGE}` : USAGE);
    }
    // What the owner changed may show on visitors' stored pages: the running site drops them all (api/jobs).
    await jobs.send("pages.drop", { topics: [SITE] });
  } catch (err) {
    failed = true;
    process.stderr.write(`${err instanceof ApiError ? err.message : `出错了：${(err as Error).message}`}\n`);
  } finally {
    await jobs.stop();
    await bus.close();
    redis?.disconnect();
    await database.close();
  }
  return failed ? 1 : 0;
}

/** `npm run search:reindex`: the search index built again from the works, on the migrated database. */
export async function reindexSearch(env: Env, progress: (done: number) => void): Promise<number> {
  const database = await openDatabase(env.databaseUrl);
  try {
    await migrateToLatest(database);
    return await rebuildSearchIndex(database.db, database.dialect, progress);
  } finally {
    await database.close();
  }
}

/** `npm run storage:copy`: DATA_DIR/uploads into the S3 store (its SDK loaded only here). */
export async function copyMediaToStore(env: Env & { storage: { kind: "s3" } }, progress: (done: number) => void) {
  const [{ s3Storage }, { copyUploadsToStore }] = await Promise.all([
    import("../lib/s3-storage.ts"),
    import("../lib/storage-copy.ts"),
  ]);
  const store = s3Storage(env.storage);
  await store.check();
  return copyUploadsToStore(path.join(env.dataDir, "uploads"), store, progress);
}
