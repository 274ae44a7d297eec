import type { HealthCheck, LastBackup, ProcessView } from "../../../contract/admin/views.ts";
import { fullDate } from "../../lib/time.ts";

const CHECKS: [HealthCheck, string][] = [
  ["database", "数据库"],
  ["migrations", "数据库结构"],
  ["redis", "Redis"],
  ["storage", "文件存储"],
  ["api", "API 服务"],
  ["mail", "邮件"],
  ["ai", "AI 模型"],
];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "3天2小时" / "5小时12分钟" / "8分钟": how long a process has run, to its last heartbeat. */
export function uptime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `${days}天${hours}小时`;
  if (hours) return `${hours}小时${minutes % 60}分钟`;
  return `${minutes}分钟`;
}

/**
 * 运行状态: each process of the site (every worker, on every machine) with its build and uptime, and what it sees of
 * what the site depends on: 正常 or 异常 since when, and why in a few words. A check a process has not made yet
 * (mail nobody has sent, a model nobody has asked) is left out.
 */
export function ProcessHealth({ processes, lastBackup }: { processes: ProcessView[]; lastBackup: LastBackup | null }) {
  return (
    <section aria-labelledby="health-title" className="rounded-2xl border border-line bg-surface p-4">
      <h2 id="health-title" className="font-medium">
        运行状态
      </h2>
      <p className="mt-2 text-sm" data-testid="last-backup">
        {lastBackup
          ? `最近备份：${fullDate(lastBackup.at).slice(0, 16)}，${megabytes(lastBackup.bytes)}，${lastBackup.host}:${lastBackup.folder}`
          : "还没有备份：在服务器上运行 npm run backup"}
      </p>
      {processes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">最近一分钟没有进程报告状态</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {processes.map((p) => (
            <li key={`${p.host}:${p.pid}:${p.startedAt}`} data-testid="process" className="text-sm">
              <div className="flex flex-wrap gap-x-3 text-muted">
                <span className="font-medium text-fg">
                  {p.host} · 进程 {p.pid}
                  {p.worker > 0 && `（工作进程 ${p.worker}）`}
                </span>
                <span>版本 {p.release.slice(0, 12)}</span>
                <span>已运行 {uptime(p.seenAt - p.startedAt)}</span>
              </div>
              <ul className="mt-1 flex flex-wrap gap-2">
                {CHECKS.filter(([name]) => p.health[name]).map(([name, label]) => {
                  const state = p.health[name]!;
                  return (
                    <li
                      key={name}
                      data-check={name}
                      title={state.detail}
                      className={`rounded-full px-2 py-0.5 text-xs ${state.up ? "bg-surface-2" : "bg-primary-soft text-primary"}`}
                    >
                      {`${label}：${state.up ? "正常" : "异常"}（自 ${fullDate(state.since).slice(5, 16)} 起）`}
                      {!state.up && state.detail && <span className="ml-1">{state.detail}</span>}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
