import { data, Link } from "react-router";
import type { Route } from "./+types/drafts";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { requireUser } from "../../lib/site.server.ts";
import { listDrafts, listScheduled, removeDraft } from "../../lib/upstream/drafts.ts";
import { msToChinaMinute } from "../../../contract/shared/china-time.ts";
import { readForm } from "../../lib/request.server.ts";
import { attempt, done, toastAndGo } from "../../lib/form-action.server.ts";
import { ConfirmPost } from "../../components/ConfirmPost.tsx";
import { RelativeTime } from "../../components/RelativeTime.tsx";
import { kinds } from "../../../contract/shared/kinds.ts";
import type { DraftSummary } from "../../../contract/drafts/views.ts";

/**
 * 草稿: the member's own works waiting for their 定时发布 minute, and their drafts (nobody else's centre has this
 * tab; its address answers 404 to them).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  if (me.id !== userIdOf(params.userId)) throw data("页面不存在", { status: 404 });
  const api = apiClient(request, context);
  const [drafts, scheduled] = await orErrorPage(Promise.all([listDrafts(api), listScheduled(api)]));
  return { drafts, scheduled };
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
  const { drafts, scheduled } = loaderData;
  return (
    <div className="space-y-5">
      {scheduled.length > 0 && (
        <section aria-labelledby="scheduled-title">
          <h2 id="scheduled-title" className="mb-2 text-sm font-medium text-muted">
            定时发布
          </h2>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="scheduled">
            {scheduled.map((w) => (
              <li key={w.artId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <Link to={`/art/${w.artId}`} className="min-w-0 flex-1 truncate font-medium hover:text-primary">
                  {w.label}
                </Link>
                <span className="text-xs text-muted">将于 {msToChinaMinute(w.publishAt).replace("T", " ")} 发布</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {drafts.length ? (
        <DraftList drafts={drafts} />
      ) : (
        <p className="py-16 text-center text-muted">没有草稿。发布作品时会自动保存草稿。</p>
      )}
    </div>
  );
}

function DraftList({ drafts }: { drafts: DraftSummary[] }) {
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
            <Link to={editAt(d)} className="text-primary underline underline-offset-2">
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
