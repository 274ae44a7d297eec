import { findAnyComment, findAnyWork } from "../../db/queries/moderation.ts";
import { findUserById } from "../../db/queries/users.ts";
import {
  findReport,
  insertReport,
  openReportsOf,
  pageReports,
  updateReports,
  type ReportRow,
} from "../../db/queries/reports.ts";
import { ApiError } from "../../lib/errors.ts";
import { tooMany } from "../../lib/rate-limit.ts";
import { verifyCaptcha } from "../signin/captcha.ts";
import {
  reportReasonLabel,
  ReportStatus,
  type ReportAction,
  type ReportReason,
  type ReportTarget,
} from "../../../contract/admin/moderation.ts";
import type { ReportView } from "../../../contract/admin/views.ts";
import { CommentStatus, WorkStatus } from "../../../contract/shared/kinds.ts";
import type { Numbered } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { ADMIN_PAGE, numbered } from "../admin/admin-paging.ts";
import { audit } from "../admin/audit.ts";
import { moderateComments } from "./comment-moderation.ts";
import { tellWebhooks } from "../inbox/webhook-out.ts";
import type { Deps } from "../deps.ts";
import { notify } from "../inbox/inbox.ts";
import { transact } from "../transaction.ts";
import { moderateWorks } from "./moderation.ts";
import { restrict } from "./restrictions.ts";
import { isStaff } from "../../../contract/shared/roles.ts";
import { tellClaimDecided, tellClaimed } from "./claims.ts";

export type ReportInput = {
  target: ReportTarget;
  targetId?: number;
  url: string;
  reason: ReportReason;
  detail: string;
  /** A copyright claim's original: a work of this site or another address. */
  original: string;
};

/** Whom a reported thing belongs to (0 for a page), or why it cannot be reported. */
async function ownerOf(deps: Deps, target: ReportTarget, id: number): Promise<number> {
  if (target === "work") {
    const w = await findAnyWork(deps.db, id);
    // Only what readers can see: a work scheduled ahead (or held, hidden, deleted) answers as a missing one, so a
    // report is no way to learn that it exists.
    if (!w || w.status !== WorkStatus.live) throw new ApiError("notFound", "作品不存在或已删除");
    return w.user_id;
  }
  if (target === "comment") {
    const c = await findAnyComment(deps.db, id);
    if (!c || c.status === CommentStatus.deleted) throw new ApiError("notFound", "评论不存在或已删除");
    return c.user_id;
  }
  if (target === "user") {
    if (!(await findUserById(deps.db, id))) throw new ApiError("notFound", "用户不存在");
    return id;
  }
  return 0;
}

/** 举报: once per person per thing; nobody reports themselves or their own work. */
export async function fileReport(
  deps: Deps,
  user: CurrentUserView | null,
  input: ReportInput,
  origin: { ip: string; captchaId?: string; captchaCode?: string },
) {
  // A visitor may report a broken page (from the error page), after the captcha and within the address's allowance;
  // anything else is reported by a member.
  if (!user) {
    if (input.target !== "page") throw new ApiError("notSignedIn");
    const wait = await deps.limiter.hit("reportIp", origin.ip);
    if (wait > 0) throw tooMany(wait, "提交太频繁");
    await verifyCaptcha(deps, origin.captchaId ?? "", origin.captchaCode ?? "");
  } else if (!isStaff(user)) {
    const wait = await deps.limiter.hit("reportMember", String(user.id));
    if (wait > 0) throw tooMany(wait, "举报太频繁");
  }
  const targetId = input.target === "page" ? 0 : input.targetId!;
  const owner = await ownerOf(deps, input.target, targetId);
  if (user && owner === user.id) throw new ApiError("validation", "不能举报自己或自己的内容");
  const claim = input.target === "work" && input.reason === "copyright" && user;
  const written = await transact(deps, async (tx) => {
    const filed = await insertReport(tx.trx, {
      reporter_id: user?.id ?? null,
      target: input.target,
      target_id: targetId,
      url: input.target === "page" ? input.url : "",
      reason: input.reason,
      detail: input.detail,
      original_url: claim ? input.original : "",
      created_at: tx.now,
    });
    // 版权申诉: the work's author hears of it at once, and of the decision later (handleReport).
    if (filed && claim) await tellClaimed(tx, { authorId: owner, workId: targetId, claimantId: user.id });
    return filed;
  });
  if (!written) throw new ApiError("reportedAlready");
  const data = { target: input.target, targetId, reason: input.reason, url: `${deps.signin.siteUrl}/admin/reports` };
  await tellWebhooks(deps, [{ event: "site.report.filed", userId: user?.id ?? 0, data }]);
  return { reported: true };
}

const person = (id: number, r: { username: string; nickname: string; avatar: string; small_avatar: string }) => ({
  id,
  username: r.username,
  nickname: r.nickname,
  smallAvatar: r.small_avatar || r.avatar,
});

export function reportView(r: ReportRow): ReportView {
  const target = r.target as ReportTarget;
  const where = {
    work: { url: `/art/${r.target_id}`, excerpt: r.work_title || r.work_head || "（作品已不存在）" },
    comment: {
      url: r.comment_work_id ? `/art/${r.comment_work_id}#comment-${r.target_id}` : "",
      excerpt: r.comment_content ?? "（评论已不存在）",
    },
    user: { url: `/user/${r.target_id}`, excerpt: r.target_nickname ?? "（用户已不存在）" },
    page: { url: r.url, excerpt: r.url },
  }[target];
  return {
    reportId: r.id,
    target,
    targetId: r.target_id,
    url: where.url,
    excerpt: where.excerpt.replace(/\s+/g, " ").slice(0, 80),
    reason: r.reason as ReportReason,
    detail: r.detail,
    original: r.original_url,
    reporter:
      r.reporter_id && r.username !== null
        ? person(r.reporter_id, {
            ...r,
            username: r.username,
            nickname: r.nickname ?? "",
            avatar: r.avatar ?? "",
            small_avatar: r.small_avatar ?? "",
          })
        : // No reporter: a visitor's page report, or the site's own comparison of pictures (originals.ts).
          { id: 0, username: "", nickname: target === "page" ? "访客" : "系统比对", smallAvatar: "" },
    status: r.status,
    outcome: r.outcome,
    handledBy:
      r.handled_by && r.handler_username !== null
        ? { id: r.handled_by, username: r.handler_username, nickname: r.handler_nickname ?? "", smallAvatar: "" }
        : null,
    handledAt: r.handled_at,
    createdAt: r.created_at,
  };
}

export async function reportQueue(deps: Deps, q: { status?: string; page: number }): Promise<Numbered<ReportView>> {
  const open = q.status === "open" ? true : q.status === "done" ? false : undefined;
  const { rows, total } = await pageReports(deps.db, open, (q.page - 1) * ADMIN_PAGE, ADMIN_PAGE);
  return numbered(rows.map(reportView), total, q.page);
}

export async function newestReports(deps: Deps, limit: number) {
  return (await pageReports(deps.db, true, 0, limit)).rows.map(reportView);
}

/**
 * Acts on a report: hides what was reported, mutes its author for a week, or dismisses it. Every open report of the
 * same thing is closed with the same outcome, and each reporter is told.
 */
export async function handleReport(
  deps: Deps,
  staff: CurrentUserView,
  id: number,
  input: { action: ReportAction; note: string },
) {
  const r = await findReport(deps.db, id);
  if (!r) throw new ApiError("notFound", "举报不存在");
  if (r.status !== ReportStatus.open) throw new ApiError("validation", "这条举报已经处理过了");
  const why = `被举报：${reportReasonLabel[r.reason as ReportReason] ?? r.reason}${input.note ? `（${input.note}）` : ""}`;
  let outcome: string;
  if (input.action === "hide") {
    if (r.target === "work") await moderateWorks(deps, staff, { ids: [r.target_id], action: "hide", reason: why });
    else if (r.target === "comment")
      await moderateComments(deps, staff, { ids: [r.target_id], action: "hide", reason: why });
    else throw new ApiError("validation", "用户和页面无法隐藏，请选择禁言或驳回");
    outcome = `已隐藏被举报的${r.target === "work" ? "作品" : "评论"}`;
  } else if (input.action === "mute") {
    const author =
      r.target === "work"
        ? r.work_user_id
        : r.target === "comment"
          ? r.comment_user_id
          : r.target === "user"
            ? r.target_id
            : null;
    if (!author) throw new ApiError("validation", "页面举报没有可禁言的作者");
    await restrict(deps, staff, author, { kind: "mute", days: 7, reason: why });
    outcome = "已对相关用户禁言7天";
  } else {
    outcome = "经核实未发现违规";
  }
  if (input.note) outcome += `，${input.note}`;
  await transact(deps, async (tx) => {
    const all = await openReportsOf(tx.trx, r.target, r.target_id, r.url);
    const status = input.action === "dismiss" ? ReportStatus.dismissed : ReportStatus.resolved;
    await updateReports(
      tx.trx,
      all.map((x) => x.id),
      { status, outcome, handled_by: staff.id, handled_at: tx.now },
    );
    for (const x of all)
      if (x.reporter_id)
        await notify(tx, {
          userId: x.reporter_id,
          actorId: 0,
          kind: "report",
          detail: outcome,
          dedupe: `report:${x.id}`,
        });
    if (r.reason === "copyright" && r.target === "work" && r.work_user_id)
      await tellClaimDecided(tx, { authorId: r.work_user_id, workId: r.target_id, reportId: id, action: input.action });
    await audit(tx.trx, tx.now, {
      actorId: staff.id,
      action: input.action === "dismiss" ? "report.dismiss" : "report.resolve",
      targetKind: "report",
      targetId: id,
      after: outcome,
      reason: input.note,
    });
  });
  return { outcome };
}
