import { Link } from "react-router";
import type { Route } from "./+types/works";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { findWorks } from "../../lib/upstream/admin.ts";
import { getNodes } from "../../lib/upstream/site.ts";
import { Pager } from "../../components/admin/Pager.tsx";
import { barSelect, BulkForm, SelectBox } from "../../components/admin/BulkBar.tsx";
import { stateLabel } from "../../../contract/admin/moderation.ts";
import { workActions } from "../../../contract/admin/schemas.ts";
import { kindLabel, kinds } from "../../../contract/shared/kinds.ts";
import { admin } from "../../../contract/admin/endpoints.ts";
import {
  AdminRows,
  DateFilters,
  FilterForm,
  FilterSelect,
  filterQuery,
  FilterText,
  StateFilter,
} from "../../components/admin/Filters.tsx";
import type { NodeView } from "../../../contract/site/views.ts";
import { aiLabels, licenses } from "../../../contract/works/rights.ts";

const filters = ["type", "nodeId", "author", "state", "ai", "license", "from", "to", "page"] as const;
const aiChoices = aiLabels.map((l) => ({ value: l.value, label: l.value ? l.label : "无 AI 标注" }));
const licenseChoices = licenses.map((l) => ({ value: l.key, label: l.label }));
const typeChoices = kinds.map((k) => ({ value: k.type, label: k.label }));
const nodeChoices = (nodes: NodeView[]) => nodes.map((n) => ({ value: n.nodeId, label: n.name }));

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const query = filterQuery(request, filters);
  const api = apiClient(request, context);
  const [works, nodes] = await orErrorPage(Promise.all([findWorks(api, query), getNodes(api)]));
  return { works, nodes, query };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const label = workActions.find((a) => a.key === form.get("action"))?.label ?? "操作";
    return { endpoint: admin.moderateWorks, done: `已${label}` };
  });
}

/** 作品管理: filters as a GET form, then one POST form around the list so a selection takes one action. */
export default function AdminWorks({ loaderData, actionData }: Route.ComponentProps) {
  const { works, nodes, query } = loaderData;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">作品</h1>
      <FilterForm label="筛选作品">
        <FilterSelect name="type" label="类型" value={query.type} choices={typeChoices} />
        <FilterSelect name="nodeId" label="节点" value={query.nodeId} choices={nodeChoices(nodes)} />
        <StateFilter value={query.state} />
        <FilterSelect name="ai" label="AI 标注" value={query.ai} choices={aiChoices} />
        <FilterSelect name="license" label="许可协议" value={query.license} choices={licenseChoices} />
        <FilterText name="author" label="作者" placeholder="作者用户名或昵称" defaultValue={query.author} />
        <DateFilters from={query.from} to={query.to} />
      </FilterForm>
      <BulkForm
        actions={workActions}
        answer={actionData}
        extra={
          <select
            name="nodeId"
            aria-label="目标节点"
            className={barSelect}
            defaultValue={actionData?.values?.nodeId ?? ""}
          >
            <option value="">（移动时）选择节点</option>
            {nodes.map((n) => (
              <option key={n.nodeId} value={n.nodeId}>
                {n.name}
              </option>
            ))}
          </select>
        }
      >
        <AdminRows count={works.results.length} empty="没有符合条件的作品">
          {works.results.map((w) => (
            <li key={w.artId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
              <SelectBox id={w.artId} label={`选择 ${w.title}`} selected={actionData?.selected} className="shrink-0" />
              <Link to={`/art/${w.artId}`} className="min-w-0 max-w-full truncate font-medium text-primary">
                {w.title}
              </Link>
              <span className="text-muted">
                {kindLabel[w.type]} · {w.node?.name ?? "无节点"} · {w.author.nickname}
              </span>
              <span className={w.status === 0 ? "text-muted" : "text-danger"}>{stateLabel[w.status]}</span>
              {w.statusReason && <span className="text-xs text-muted">（{w.statusReason}）</span>}
              {w.recommended && <span className="rounded bg-primary-soft px-1.5 text-xs text-primary">推荐</span>}
              {w.pinned && <span className="rounded bg-primary-soft px-1.5 text-xs text-primary">置顶</span>}
            </li>
          ))}
        </AdminRows>
      </BulkForm>
      <Pager {...works} />
    </main>
  );
}
