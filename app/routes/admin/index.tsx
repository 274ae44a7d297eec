import { Link } from "react-router";
import type { Route } from "./+types/index";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { getDashboard } from "../../lib/upstream/admin.ts";
import { DayChart } from "../../components/admin/DayChart.tsx";
import { ProcessHealth } from "../../components/admin/ProcessHealth.tsx";
import { reportReasonLabel, reportTargetLabel } from "../../../contract/admin/moderation.ts";
import { requireStaff } from "../../lib/site.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { dashboard: await orErrorPage(getDashboard(apiClient(request, context))) };
}

function Stat({ label, value, today }: { label: string; value: number; today?: number }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <div className="text-sm text-muted">{label}</div>
      <div className="mt-1 text-2xl font-semibold">{value.toLocaleString("zh-CN")}</div>
      {today !== undefined && <div className="mt-1 text-xs text-muted">今日新增 {today}</div>}
    </div>
  );
}

/** 概览: the figures, thirty days of activity, and what waits for an admin. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const { stats } = dashboard;
  return (
    <main className="space-y-8">
      {dashboard.wordsEmpty && (
        <p
          className="rounded-2xl border border-primary/40 bg-primary-soft p-4 text-sm"
          role="status"
          data-testid="words-empty"
        >
          敏感词表还是空的：任何词都能出现在昵称、作品和评论里。
          <Link to="/admin/words" className="ml-1 text-primary underline underline-offset-2">
            去导入推荐词表
          </Link>
        </p>
      )}
      <section aria-labelledby="stats-title">
        <h1 id="stats-title" className="mb-3 text-xl font-semibold">
          站点概览
        </h1>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <Stat label="用户" value={stats.users} today={stats.usersToday} />
          <Stat label="作品" value={stats.works} today={stats.worksToday} />
          <Stat label="节点" value={stats.nodes} />
          <Stat label="评论" value={stats.comments} />
          <Stat label="点赞" value={stats.likes} />
        </div>
      </section>
      <DayChart days={dashboard.days} />
      <section aria-labelledby="queues-title" className="grid gap-3 md:grid-cols-2">
        <h2 id="queues-title" className="sr-only">
          待处理
        </h2>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <div className="flex items-baseline justify-between">
            <h3 className="font-medium">最新举报</h3>
            <Link to="/admin/reports?status=open" className="text-sm text-primary">
              待处理 {dashboard.openReports}
            </Link>
          </div>
          {dashboard.reports.length === 0 ? (
            <p className="mt-2 text-sm text-muted">暂无待处理的举报</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {dashboard.reports.map((r) => (
                <li key={r.reportId} className="truncate">
                  <span className="text-muted">
                    {reportTargetLabel[r.target]}·{reportReasonLabel[r.reason]}
                  </span>{" "}
                  {r.excerpt}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <h3 className="font-medium">待审核</h3>
          <p className="mt-2 text-sm">
            <Link to="/admin/works?state=review" className="text-primary underline underline-offset-2">
              作品 {dashboard.reviewQueue.works}
            </Link>
            <span className="mx-2 text-muted">·</span>
            <Link to="/admin/comments?state=review" className="text-primary underline underline-offset-2">
              评论 {dashboard.reviewQueue.comments}
            </Link>
          </p>
        </div>
      </section>
      <ProcessHealth processes={dashboard.processes} lastBackup={dashboard.lastBackup} />
    </main>
  );
}
