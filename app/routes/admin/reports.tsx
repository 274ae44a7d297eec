import { outboundHref } from "../../../contract/shared/outbound.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/reports";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { getReports } from "../../lib/upstream/admin.ts";
import { FormAlert } from "../../components/FormAlert.tsx";
import { inputClass } from "../../components/Field.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import {
  adminLimits,
  reportActions,
  reportReasonLabel,
  ReportStatus,
  reportTargetLabel,
} from "../../../contract/admin/moderation.ts";
import { admin } from "../../../contract/admin/endpoints.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "open";
  const reports = await orErrorPage(
    getReports(apiClient(request, context), { status, page: url.searchParams.get("page") }),
  );
  return { reports, status };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const id = Number(form.get("reportId"));
    return Number.isInteger(id) && id > 0
      ? { endpoint: admin.handleReport, params: { id }, done: "举报已处理，举报人会收到通知" }
      : null;
  });
}

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, status } = loaderData;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">举报</h1>
      <nav className="flex gap-3 text-sm" aria-label="举报状态">
        <Link to="?status=open" className={status === "open" ? "font-medium text-primary" : "text-muted"}>
          待处理
        </Link>
        <Link to="?status=done" className={status === "done" ? "font-medium text-primary" : "text-muted"}>
          已处理
        </Link>
      </nav>
      <FormAlert message={actionData?.message} />
      <ul className="space-y-3">
        {reports.results.map((r) => (
          <li key={r.reportId} className="rounded-2xl border border-line bg-surface p-4 text-sm">
            <div className="flex flex-wrap gap-x-2">
              <span className="rounded bg-surface-2 px-1.5">{reportTargetLabel[r.target]}</span>
              <span className="font-medium">{reportReasonLabel[r.reason]}</span>
              <span className="text-muted">由 {r.reporter.nickname} 举报</span>
            </div>
            <p className="mt-1 break-words">
              {r.url ? (
                <Link to={r.url} className="text-primary underline underline-offset-2">
                  {r.excerpt}
                </Link>
              ) : (
                r.excerpt
              )}
            </p>
            {r.detail && <p className="mt-1 text-muted">补充：{r.detail}</p>}
            {r.original && (
              <p className="mt-1 break-all text-muted">
                原作：
                <a
                  href={outboundHref(r.original)}
                  rel="nofollow noopener"
                  target="_blank"
                  className="text-primary underline underline-offset-2"
                >
                  {r.original}
                </a>
              </p>
            )}
            {r.status === ReportStatus.open ? (
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="reportId" value={r.reportId} />
                <input
                  name="note"
                  aria-label="处理说明"
                  placeholder="处理说明（可选）"
                  maxLength={adminLimits.reason}
                  className={`${inputClass} mt-0 min-w-40 flex-1 text-sm`}
                />
                {reportActions.map((a) => (
                  <button key={a.key} name="action" value={a.key} className="rounded-lg border border-line px-3 py-1">
                    {a.label}
                  </button>
                ))}
              </Form>
            ) : (
              <p className="mt-2 text-muted">
                {r.outcome}
                {r.handledBy && ` · ${r.handledBy.nickname}`}
              </p>
            )}
          </li>
        ))}
        {reports.results.length === 0 && <li className="py-6 text-center text-sm text-muted">没有举报</li>}
      </ul>
      <Pager {...reports} />
    </main>
  );
}
