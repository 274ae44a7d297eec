import { Form, Link } from "react-router";
import type { Route } from "./+types/works";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "../../lib/admin.server.ts";
import { findWorks } from "../../lib/upstream/admin.ts";
import { getNodes } from "../../lib/upstream/site.ts";
import { Pager } from "../../components/admin/Pager.tsx";
import { adminSelect, barSelect, BulkForm, SelectBox } from "../../components/admin/BulkBar.tsx";
import { contentStates, stateLabel } from "../../../contract/admin.ts";
import { workActions } from "../../../contract/schemas/admin.ts";
import { kindLabel, kinds } from "../../../contract/kinds.ts";
import { admin } from "../../../contract/endpoints/admin.ts";
import { ChoiceSelect } from "../../components/ChoiceSelect.tsx";

const filters = ["type", "nodeId", "author", "state", "from", "to", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const query = Object.fromEntries(filters.map((f) => [f, url.searchParams.get(f) ?? ""]));
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
      <Form method="get" className="grid grid-cols-2 gap-2 md:grid-cols-4" aria-label="筛选作品">
        <ChoiceSelect
          name="type"
          defaultValue={query.type}
          aria-label="类型"
          className={adminSelect}
          all="全部类型"
          choices={kinds.map((k) => ({ value: k.type, label: k.label }))}
        />
        <ChoiceSelect
          name="nodeId"
          defaultValue={query.nodeId}
          aria-label="节点"
          className={adminSelect}
          all="全部节点"
          choices={nodes.map((n) => ({ value: n.nodeId, label: n.name }))}
        />
        <ChoiceSelect
          name="state"
          defaultValue={query.state}
          aria-label="状态"
          className={adminSelect}
          all="全部状态"
          choices={contentStates.map((s) => ({ value: s.key, label: s.label }))}
        />
        <input
          name="author"
          defaultValue={query.author}
          aria-label="作者"
          placeholder="作者用户名或昵称"
          className={adminSelect}
        />
        <input type="date" name="from" defaultValue={query.from} aria-label="起始日期" className={adminSelect} />
        <input type="date" name="to" defaultValue={query.to} aria-label="截止日期" className={adminSelect} />
        <button className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">筛选</button>
      </Form>
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
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
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
          {works.results.length === 0 && (
            <li className="px-4 py-6 text-center text-sm text-muted">没有符合条件的作品</li>
          )}
        </ul>
      </BulkForm>
      <Pager {...works} />
    </main>
  );
}
