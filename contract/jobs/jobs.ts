import type { NotificationKind } from "../scores/growth.ts";
import type { PushKind } from "../push/kinds.ts";

/**
 * Background work as both sides know it (issue 55): the kinds of job, their states and names in Chinese, the mail
 * the site sends and what the admin 任务 page shows. The engine itself is api/jobs.
 */

/** Every kind of job the site runs; `label` is what the admin page calls it. */
export const jobKinds = {
  "mail.send": { label: "发送邮件" },
  "webhooks.deliver": { label: "投递 Webhook" },
  "push.send": { label: "推送通知" },
  "pages.drop": { label: "更新缓存的页面" },
  "works.publish-due": { label: "定时发布" },
  "uploads.sweep": { label: "清理未用上传" },
  "signin.purge": { label: "清理过期验证码和链接" },
  "search.reindex": { label: "重建搜索索引" },
  "notices.digest": { label: "通知邮件摘要" },
  "site.backup": { label: "备份" },
} as const;
export type JobName = keyof typeof jobKinds;
export const jobNames = Object.keys(jobKinds) as JobName[];
export const isJobName = (name: string): name is JobName => Object.hasOwn(jobKinds, name);

/** What a job carries. Never a secret: a mail's link is made when it is sent, so none waits in the queue. */
export type JobData = {
  "mail.send": { mailId: number };
  "webhooks.deliver": { deliveryId: number };
  /** One device and the row the push words when it is sent (a notification's or a private message's id). */
  "push.send": { deviceId: number; kind: PushKind; ref: number };
  /** Topics of visitors' stored pages (api/lib/page-topics.ts): never a secret, never a member's data. */
  "pages.drop": { topics: string[] };
  "works.publish-due": Record<string, never>;
  "uploads.sweep": Record<string, never>;
  "signin.purge": Record<string, never>;
  "search.reindex": Record<string, never>;
  "notices.digest": Record<string, never>;
  "site.backup": Record<string, never>;
};

/** A job's state, as pg-boss names them (the SQLite engine uses the same). */
export const jobStates = {
  created: "等待",
  retry: "等待重试",
  active: "进行中",
  completed: "已完成",
  failed: "失败",
  cancelled: "已丢弃",
} as const;
export type JobState = keyof typeof jobStates;

/** The mail the site sends, by kind. */
export const mailKinds = {
  verify: "邮箱验证",
  taken: "邮箱已注册提醒",
  reset: "重置密码",
  digest: "通知摘要",
} as const;
export type MailKind = keyof typeof mailKinds;

export const mailStates = { queued: "排队中", retrying: "等待重试", sent: "已发送", failed: "发送失败" } as const;
export type MailState = keyof typeof mailStates;

/** Notifications a member may also have by mail (never by default), in a daily digest; each names the kinds it covers. */
export const mailNoticeKinds = {
  comment: { label: "评论、回复和提及", of: ["comment", "reply", "mention"] },
  like: { label: "点赞、收藏和打赏", of: ["like", "favorite", "tip"] },
  commission: { label: "约稿", of: ["commission"] },
  follow: { label: "新的关注", of: ["follow"] },
  system: {
    label: "系统通知",
    of: ["recommend", "removed", "level", "hidden", "restored", "muted", "report", "copy", "copied", "claim", "award"],
  },
} as const satisfies Record<string, { label: string; of: readonly NotificationKind[] }>;
export type MailNoticeKind = keyof typeof mailNoticeKinds;
/** 邮件通知 as its settings page shows it. */
export type MailChoicesView = { kinds: MailNoticeKind[]; email: string | null; emailVerified: boolean };

export const isMailNoticeKind = (k: string): k is MailNoticeKind => Object.hasOwn(mailNoticeKinds, k);

/** How the admin 任务 page sees one queue. */
export type QueueCountsView = {
  name: JobName;
  label: string;
  counts: Record<JobState, number>;
  /** When it runs by itself (a cron expression, China time), if it does. */
  schedule: string | null;
};

export type FailedJobView = {
  id: string;
  name: JobName;
  label: string;
  error: string;
  attempts: number;
  createdAt: number;
  endedAt: number | null;
};

/** A mail as the log shows it: to whom, what kind, its state; never its link. */
export type MailLogView = {
  id: number;
  to: string;
  kind: MailKind;
  state: MailState;
  attempts: number;
  error: string;
  createdAt: number;
  sentAt: number | null;
};

export type JobsOverviewView = { queues: QueueCountsView[]; failed: FailedJobView[]; mail: MailLogView[] };

const weekdays = ["日", "一", "二", "三", "四", "五", "六", "日"];
const two = (n: string) => n.padStart(2, "0");

/** A schedule in words, China time ("每天 03:30"); a cron these shapes do not cover is shown as it is. */
export function describeCron(cron: string): string {
  const [m, h, dom, mon, dow, ...rest] = cron.trim().split(/\s+/);
  const num = (v: string | undefined) => v !== undefined && /^\d{1,2}$/.test(v);
  if (rest.length || dom !== "*" || mon !== "*") return cron;
  if (m === "*" && h === "*" && dow === "*") return "每分钟";
  if (num(m) && h === "*" && dow === "*") return `每小时第 ${Number(m)} 分`;
  if (num(m) && num(h) && dow === "*") return `每天 ${two(h!)}:${two(m!)}`;
  if (num(m) && num(h) && /^[0-7]$/.test(dow ?? "")) return `每周${weekdays[Number(dow)]} ${two(h!)}:${two(m!)}`;
  return cron;
}
