import { Form, Link } from "react-router";
import { WorkStatus, WorkType } from "../../contract/shared/kinds.ts";
import { isStaff } from "../../contract/shared/roles.ts";
import type { CurrentUserView } from "../../contract/signin/views.ts";
import type { WorkDetailView } from "../../contract/works/views.ts";
import type { WorkAward } from "../../contract/works/work-page.ts";
import { placeNames } from "./events/EventFacts.tsx";
import { workTitle } from "../lib/work.ts";
import { msToChinaMinute } from "../../contract/shared/china-time.ts";
import { Avatar } from "./Avatar.tsx";
import { ConfirmPost } from "./ConfirmPost.tsx";
import { RelativeTime } from "./RelativeTime.tsx";
import { KindAndNode } from "./WorkLabels.tsx";
import { RightsBadges } from "./WorkRights.tsx";
import { curationLimits } from "../../contract/shared/limits.ts";

/** The top of a work's page: its state when hidden, kind and badges, the author's and staff's tools, title, author. */
export function WorkHead({
  work,
  viewer,
  action,
  pinned = false,
  awards = [],
}: {
  work: WorkDetailView;
  /** Places it won in events (活动). */
  awards?: WorkAward[];
  viewer: CurrentUserView | null;
  action: string;
  /** Pinned on top of its author's centre (only its author is told). */
  pinned?: boolean;
}) {
  const mayEdit = !!viewer && (viewer.id === work.user.id || isStaff(viewer));
  return (
    <>
      {work.state && (
        <p role="status" className="mb-3 rounded-lg bg-surface-2 px-3 py-2 text-sm" data-testid="work-state">
          {work.state.status === WorkStatus.scheduled
            ? `定时发布：将于 ${msToChinaMinute(work.state.publishAt ?? 0).replace("T", " ")}（北京时间）公开，之前只有你能看到`
            : work.state.status === WorkStatus.review
              ? "审核中，通过后才会公开"
              : "已被管理员隐藏，仅你和管理员可见"}
          {work.state.reason && `：${work.state.reason}`}
        </p>
      )}
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-muted">
        <KindAndNode work={work} />
        <RightsBadges work={work} />
        {work.recommended && (
          <Link
            to="/picks"
            className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary"
            data-testid="recommended"
          >
            编辑精选
          </Link>
        )}
        {awards.map((a) => (
          <Link
            key={a.eventId}
            to={`/events/${a.eventId}`}
            className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-on-primary"
            data-testid="award"
          >
            {a.title} · {placeNames[a.place]}
          </Link>
        ))}
        {mayEdit && (
          <span className="ml-auto flex items-center gap-3">
            <Link to={`/art/edit/${work.artId}`} className="hover:text-primary">
              编辑
            </Link>
            {viewer.id === work.user.id && (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value={pinned ? "unpin" : "pin"} />
                <button type="submit" className="hover:text-primary">
                  {pinned ? "取消置顶" : "置顶到主页"}
                </button>
              </Form>
            )}
            {isStaff(viewer) && <PickControl work={work} action={action} />}
            <ConfirmPost action={action} intent="deleteWork" confirm="确定删除这件作品吗？删除后无法恢复。">
              删除
            </ConfirmPost>
          </span>
        )}
      </div>
      {work.recommended && work.recommendReason && (
        <p className="mb-3 border-l-2 border-primary pl-3 text-sm text-muted" data-testid="pick-reason">
          <span className="font-medium text-primary">精选理由</span> {work.recommendReason}
        </p>
      )}
      <header className="mb-4 flex items-start gap-3">
        {work.type === WorkType.project && work.logo && (
          <img src={work.logo} alt="" width={56} height={56} className="rounded-xl" />
        )}
        <h1
          className={`${work.type === WorkType.post ? "text-lg" : "text-2xl font-bold"} whitespace-pre-wrap break-words leading-snug`}
        >
          {work.type === WorkType.post ? work.content : workTitle(work)}
        </h1>
      </header>
      <div className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <Link to={`/user/${work.user.id}`} className="flex items-center gap-2 text-fg hover:text-primary">
          <Avatar user={work.user} size={30} />
          {work.user.nickname}
        </Link>
        <RelativeTime ms={work.createdAt} />
        <span>{work.viewCount} 次浏览</span>
      </div>
    </>
  );
}

/** Staff: pick for 编辑精选 with a reason the author and readers see (a form without JavaScript), or take it out. */
function PickControl({ work, action }: { work: WorkDetailView; action: string }) {
  if (work.recommended)
    return (
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="unrecommend" />
        <button type="submit" className="hover:text-primary">
          移出精选
        </button>
      </Form>
    );
  return (
    <details className="relative">
      <summary className="cursor-pointer hover:text-primary">选入精选</summary>
      <Form
        method="post"
        action={action}
        className="absolute right-0 z-10 mt-2 flex w-72 flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-lg"
      >
        <input type="hidden" name="intent" value="recommend" />
        <label className="text-xs text-muted" htmlFor="pick-reason">
          精选理由（作者和读者都会看到）
        </label>
        <input
          id="pick-reason"
          name="reason"
          maxLength={curationLimits.reason}
          className="rounded border border-line bg-surface-2 px-2 py-1 text-sm text-fg"
        />
        <button type="submit" className="self-end rounded bg-primary px-3 py-1 text-sm text-on-primary">
          选入编辑精选
        </button>
      </Form>
    </details>
  );
}
