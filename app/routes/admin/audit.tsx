import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { getAudit } from "../../lib/upstream/admin.ts";
import { DateFilters, FilterForm, filterQuery, FilterSelect, FilterText } from "../../components/admin/Filters.tsx";
import { Pager } from "../../components/admin/Pager.tsx";
import { auditActions, chinaMinute, type AuditAction } from "../../../contract/admin/moderation.ts";

const filters = ["actor", "action", "from", "to", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const query = filterQuery(request, filters);
  return { log: await orErrorPage(getAudit(apiClient(request, context), query)), query };
}

const actionChoices = Object.entries(auditActions).map(([value, label]) => ({ value, label }));

const kindLabel: Record<string, string> = {
  user: "用户",
  work: "作品",
  comment: "评论",
  node: "节点",
  tag: "标签",
  report: "举报",
  words: "敏感词",
  config: "站点设置",
  access: "注册与登录",
  page: "页面",
  invite: "邀请码",
};

/** Where the thing acted on is seen, when it has a page. */
function targetLink(kind: string, id: number) {
  if (kind === "user") return `/admin/users/${id}`;
  if (kind === "work") return `/art/${id}`;
  if (kind === "node") return `/arts/node/${id}`;
  if (kind === "tag") return `/arts/tag/${id}`;
  return null;
}

/** 操作日志: read-only; every admin action with who, when, what it was before and after, and why. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { log, query } = loaderData;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">操作日志</h1>
      <FilterForm label="筛选日志">
        <FilterText name="actor" label="操作人" defaultValue={query.actor} />
        <FilterSelect name="action" label="操作" value={query.action} choices={actionChoices} />
        <DateFilters from={query.from} to={query.to} />
      </FilterForm>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {log.results.map((e) => {
          const to = targetLink(e.targetKind, e.targetId);
          return (
            <li key={e.id} className="space-y-1 px-4 py-3 text-sm">
              <p className="flex flex-wrap gap-x-2">
                <span className="text-muted">{chinaMinute(e.createdAt)}</span>
                <Link to={`/admin/users/${e.actor.id}`} className="text-primary underline underline-offset-2">
                  {e.actor.nickname}
                </Link>
                <span className="font-medium">{auditActions[e.action as AuditAction] ?? e.action}</span>
                {e.targetId > 0 ? (
                  to ? (
                    <Link to={to} className="text-primary underline underline-offset-2">
                      {kindLabel[e.targetKind] ?? e.targetKind} #{e.targetId}
                    </Link>
                  ) : (
                    <span>
                      {kindLabel[e.targetKind] ?? e.targetKind} #{e.targetId}
                    </span>
                  )
                ) : (
                  <span>{kindLabel[e.targetKind] ?? e.targetKind}</span>
                )}
              </p>
              {e.reason && <p>原因：{e.reason}</p>}
              {(e.before || e.after) && (
                <dl className="grid grid-cols-[3em_1fr] gap-x-2 font-mono text-xs text-muted">
                  {e.before && (
                    <>
                      <dt>之前</dt>
                      <dd className="break-all">{e.before}</dd>
                    </>
                  )}
                  {e.after && (
                    <>
                      <dt>之后</dt>
                      <dd className="break-all">{e.after}</dd>
                    </>
                  )}
                </dl>
              )}
            </li>
          );
        })}
        {log.results.length === 0 && <li className="px-4 py-6 text-center text-sm text-muted">没有记录</li>}
      </ul>
      <Pager {...log} />
    </main>
  );
}
