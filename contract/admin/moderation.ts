import { WorkStatus, type ContentStatus } from "../shared/kinds.ts";
import { oauthProviders } from "../signin/ways-in.ts";

/**
 * What the admin area (issue 12) and the rest of the site both know: moderation states, report reasons, sensitive
 * word actions, restriction periods, registration modes, the audit log's actions (the forms' schemas are in schemas.ts beside it, the views in views.ts).
 */

export const adminLimits = {
  reason: 200,
  word: 20,
  words: 2000,
  page: 20_000,
  nodeName: 20,
  nodeDescription: 200,
  nodeLogo: 300,
  tagName: 20,
  bulk: 100,
  query: 100,
  inviteBatch: 20,
} as const;

/** A moderation state by its name in a filter (`?state=hidden`) and its label. */
export const contentStates = [
  { key: "live", status: WorkStatus.live, label: "正常" },
  { key: "review", status: WorkStatus.review, label: "待审核" },
  { key: "hidden", status: WorkStatus.hidden, label: "已隐藏" },
  { key: "deleted", status: WorkStatus.deleted, label: "已删除" },
  { key: "scheduled", status: WorkStatus.scheduled, label: "定时发布" },
] as const;
export type ContentStateKey = (typeof contentStates)[number]["key"];
export const stateLabel = Object.fromEntries(contentStates.map((s) => [s.status, s.label])) as Record<
  ContentStatus,
  string
>;

export const reportTargets = ["work", "comment", "user", "page"] as const;
export type ReportTarget = (typeof reportTargets)[number];
export const reportTargetLabel: Record<ReportTarget, string> = {
  work: "作品",
  comment: "评论",
  user: "用户",
  page: "页面",
};

export const reportReasons = [
  { key: "spam", label: "垃圾广告" },
  { key: "porn", label: "色情低俗" },
  { key: "abuse", label: "辱骂攻击" },
  { key: "illegal", label: "违法违规" },
  { key: "copyright", label: "侵犯版权" },
  { key: "unlabeled-ai", label: "未标注AI生成" },
  { key: "broken", label: "页面出错" },
  { key: "other", label: "其他" },
] as const;
export type ReportReason = (typeof reportReasons)[number]["key"];
export const reportReasonLabel = Object.fromEntries(reportReasons.map((r) => [r.key, r.label])) as Record<
  ReportReason,
  string
>;

export const ReportStatus = { open: 0, resolved: 1, dismissed: 2 } as const;
export const reportActions = [
  { key: "hide", label: "隐藏内容" },
  { key: "mute", label: "禁言作者" },
  { key: "dismiss", label: "驳回" },
] as const;
export type ReportAction = (typeof reportActions)[number]["key"];

/** What publishing a listed word does: refuse it, hold the work or comment for review, or mask the word. */
export const wordActions = [
  { key: "refuse", label: "拒绝发布" },
  { key: "review", label: "送审" },
  { key: "mask", label: "打码" },
] as const;
export type WordAction = (typeof wordActions)[number]["key"];

export const restrictionKinds = { mute: "禁言", ban: "封禁" } as const;
export type RestrictionKind = keyof typeof restrictionKinds;
/** Periods an admin may choose, in days; 0 is forever. */
export const restrictionDays = [1, 3, 7, 30, 365, 0] as const;
/** "Until" of a restriction without end: far beyond any clock, and still an exact integer on both engines. */
export const FOREVER = 9_000_000_000_000_000;

/** A moment as "2026-12-01 08:00", China time, however the reader's machine is set: how a mute or ban is dated. */
export function chinaMinute(ms: number) {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}

export function periodLabel(days: number) {
  return days === 0 ? "永久" : days === 365 ? "一年" : `${days}天`;
}

export const registrationModes = [
  { key: "open", label: "开放注册" },
  { key: "invite", label: "仅限邀请" },
  { key: "closed", label: "关闭注册" },
] as const;
export type RegistrationMode = (typeof registrationModes)[number]["key"];

/** Ways in an admin may switch off (the password never: it is how staff get in). */
export const switchableWays = ["sms", ...oauthProviders] as const;
export type SwitchableWay = (typeof switchableWays)[number];

export const auditActions = {
  "user.roles": "修改角色",
  "user.mute": "禁言",
  "user.unmute": "解除禁言",
  "user.ban": "封禁",
  "user.unban": "解除封禁",
  "user.password": "重置密码",
  "user.create": "创建用户",
  "job.retry": "重试任务",
  "job.discard": "丢弃任务",
  "job.run": "立即运行任务",
  "work.recommend": "选入编辑精选",
  "work.unrecommend": "移出编辑精选",
  "event.create": "新建活动",
  "event.update": "修改活动",
  "event.announce": "公布活动结果",
  "work.pin": "置顶作品",
  "work.unpin": "取消置顶",
  "work.move": "移动作品",
  "work.hide": "隐藏作品",
  "work.restore": "恢复作品",
  "work.delete": "删除作品",
  "comment.hide": "隐藏评论",
  "comment.restore": "恢复评论",
  "comment.delete": "删除评论",
  "node.create": "创建节点",
  "node.update": "编辑节点",
  "node.move": "调整节点顺序",
  "node.hide": "隐藏节点",
  "node.show": "显示节点",
  "tag.rename": "重命名标签",
  "tag.merge": "合并标签",
  "report.resolve": "处理举报",
  "report.dismiss": "驳回举报",
  "words.save": "更新敏感词",
  "config.save": "修改站点设置",
  "pages.save": "修改页面内容",
  "invites.create": "生成邀请码",
} as const;
export type AuditAction = keyof typeof auditActions;
