import { Form, Link } from "react-router";
import type { Route } from "./+types/comments";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "../../lib/admin.server.ts";
import { findComments } from "../../lib/upstream/admin.ts";
import { Pager } from "../../components/admin/Pager.tsx";
import { adminSelect, BulkForm, SelectBox } from "../../components/admin/BulkBar.tsx";
import { chinaMinute, contentStates, stateLabel } from "../../../contract/admin.ts";
import { commentActions } from "../../../contract/schemas/admin.ts";
import { admin } from "../../../contract/endpoints/admin.ts";
import { ChoiceSelect } from "../../components/ChoiceSelect.tsx";

const filters = ["q", "author", "workId", "state", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const query = Object.fromEntries(filters.map((f) => [f, url.searchParams.get(f) ?? ""]));
  const comments = await orErrorPage(findComments(apiClient(request, context), query));
  return { comments, query };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminPost(request, context, (form) => {
    const label = commentActions.find((a) => a.key === form.get("action"))?.label ?? "操作";
    return { endpoint: admin.moderateComments, done: `已${label}` };
  });
}

/** 评论管理: the same shape as 作品 — a GET form of filters, one POST form around the selectable list. */
export default function AdminComments({ loaderData, actionData }: Route.ComponentProps) {
  const { comments, query } = loaderData;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">评论</h1>
      <Form method="get" className="grid grid-cols-2 gap-2 md:grid-cols-5" aria-label="筛选评论">
        <input name="q" defaultValue={query.q} aria-label="内容包含" placeholder="内容包含" className={adminSelect} />
        <input name="author" defaultValue={query.author} aria-label="作者" placeholder="作者" className={adminSelect} />
        <input
          name="workId"
          defaultValue={query.workId}
          aria-label="作品编号"
          placeholder="作品编号"
          inputMode="numeric"
          className={adminSelect}
        />
        <ChoiceSelect
          name="state"
          defaultValue={query.state}
          aria-label="状态"
          className={adminSelect}
          all="全部状态"
          choices={contentStates.map((s) => ({ value: s.key, label: s.label }))}
        />
        <button className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">筛选</button>
      </Form>
      <BulkForm actions={commentActions} answer={actionData}>
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {comments.results.map((c) => (
            <li key={c.commentId} className="flex gap-3 px-4 py-3 text-sm">
              <SelectBox id={c.commentId} label={`选择评论 #${c.commentId}`} selected={actionData?.selected} />
              <div className="min-w-0 flex-1">
                <p className="whitespace-pre-wrap break-words">{c.content}</p>
                <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
                  <Link to={`/admin/users/${c.author.id}`} className="text-primary">
                    {c.author.nickname}
                  </Link>
                  <span>评论于</span>
                  <Link to={`/art/${c.work.artId}`} className="max-w-full truncate text-primary">
                    {c.work.title}
                  </Link>
                  <span>{chinaMinute(c.createdAt)}</span>
                  <span className={c.status === 0 ? "" : "text-danger"}>{stateLabel[c.status]}</span>
                  {c.statusReason && <span>（{c.statusReason}）</span>}
                </p>
              </div>
            </li>
          ))}
          {comments.results.length === 0 && (
            <li className="px-4 py-6 text-center text-sm text-muted">没有符合条件的评论</li>
          )}
        </ul>
      </BulkForm>
      <Pager {...comments} />
    </main>
  );
}
