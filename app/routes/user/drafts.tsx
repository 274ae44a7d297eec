import { data, Link } from "react-router";
import type { Route } from "./+types/drafts";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { requireUser } from "../../lib/site.server.ts";
import { listDrafts, removeDraft } from "../../lib/upstream/drafts.ts";
import { readForm } from "../../lib/request.server.ts";
import { attempt, done, toastAndGo } from "../../lib/form-action.server.ts";
import { ConfirmPost } from "../../components/ConfirmPost.tsx";
import { RelativeTime } from "../../components/RelativeTime.tsx";
import { kinds } from "../../../contract/kinds.ts";
import type { DraftSummary } from "../../../contract/views/drafts.ts";

/** 草稿: the member's own drafts (nobody else's centre has this tab; its address answers 404 to them). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  if (me.id !== userIdOf(params.userId)) throw data("页面不存在", { status: 404 });
  return { drafts: await orErrorPage(listDrafts(apiClient(request, context))) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const me = await requireUser(request, context);
  const here = `/user/${me.id}/drafts`;
  if (me.id !== userIdOf(params.userId)) throw data("页面不存在", { status: 404 });
  const form = await readForm(request);
  const id = Number(form.get("draftId"));
  const removed = await attempt(removeDraft(apiClient(request, context), id));
  if (!removed.ok) return toastAndGo(context, removed.failure, here);
  return done(context, "草稿已删除", here);
}

const editAt = (d: DraftSummary) =>
  d.workId
    ? `/art/edit/${d.workId}?draft=${d.draftId}`
    : `/art/create?type=${kinds.find((k) => k.type === d.type)?.key ?? "post"}&draft=${d.draftId}`;

export default function Drafts({ loaderData }: Route.ComponentProps) {
  const { drafts } = loaderData;
  if (!drafts.length) return <p className="py-24 text-center text-muted">没有草稿。发布作品时会自动保存草稿。</p>;
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="drafts">
      {drafts.map((d) => (
        <li key={d.draftId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="draft">
          <span className="rounded bg-surface-2 px-1.5 text-xs text-muted">
            {kinds.find((k) => k.type === d.type)?.label}
            {d.workId ? " · 修改" : ""}
          </span>
          <Link to={editAt(d)} className="min-w-0 flex-1 truncate font-medium hover:text-primary">
            {d.label}
          </Link>
          <span className="text-xs text-muted">
            保存于 <RelativeTime ms={d.savedAt} />
          </span>
          <span className="flex items-center gap-3 text-sm">
            <Link to={editAt(d)} className="text-primary">
              继续编辑
            </Link>
            <ConfirmPost action="" intent="delete" confirm={`删除草稿“${d.label}”？`} fields={{ draftId: d.draftId }}>
              删除
            </ConfirmPost>
          </span>
        </li>
      ))}
    </ul>
  );
}
