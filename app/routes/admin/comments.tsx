import { Link } from "react-router";
import type { Route } from "./+types/comments";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireStaff } from "../../lib/site.server.ts";
import { adminPost } from "./admin.server.ts";
import { findComments } from "../../lib/upstream/admin.ts";
import { Pager } from "../../components/admin/Pager.tsx";
import { BulkForm, SelectBox } from "../../components/admin/BulkBar.tsx";
import { chinaMinute, stateLabel } from "../../../contract/admin/moderation.ts";
import { commentActions } from "../../../contract/admin/schemas.ts";
import { admin } from "../../../contract/admin/endpoints.ts";
import { AdminRows, FilterForm, filterQuery, FilterText, StateFilter } from "../../components/admin/Filters.tsx";

const filters = ["q", "author", "workId", "state", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const query = filterQuery(request, filters);
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
      <FilterForm label="筛选评论">
        <FilterText name="q" label="内容包含" defaultValue={query.q} />
        <FilterText name="author" label="作者" defaultValue={query.author} />
        <FilterText name="workId" label="作品编号" defaultValue={query.workId} inputMode="numeric" />
        <StateFilter value={query.state} />
      </FilterForm>
      <BulkForm actions={commentActions} answer={actionData}>
        <AdminRows count={comments.results.length} empty="没有符合条件的评论">
          {comments.results.map((c) => (
            <li key={c.commentId} className="flex gap-3 px-4 py-3 text-sm">
              <SelectBox id={c.commentId} label={`选择评论 #${c.commentId}`} selected={actionData?.selected} />
              <div className="min-w-0 flex-1">
                <p className="whitespace-pre-wrap break-words">{c.content}</p>
                <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
                  <Link
                    to={`/admin/users/${c.author.id}`}
                    className="inline-flex min-h-6 items-center text-primary underline underline-offset-2"
                  >
                    {c.author.nickname}
                  </Link>
                  <span>评论于</span>
                  <Link to={`/art/${c.work.artId}`} className="min-h-6 max-w-full truncate leading-6 text-primary">
                    {c.work.title}
                  </Link>
                  <span>{chinaMinute(c.createdAt)}</span>
                  <span className={c.status === 0 ? "" : "text-danger"}>{stateLabel[c.status]}</span>
                  {c.statusReason && <span>（{c.statusReason}）</span>}
                </p>
              </div>
            </li>
          ))}
        </AdminRows>
      </BulkForm>
      <Pager {...comments} />
    </main>
  );
}
