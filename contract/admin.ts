import { z } from "zod";
import { id, optionalId, optionalText, text } from "./fields.ts";
import { WorkStatus, type ContentStatus } from "./kinds.ts";
import { oauthProviders } from "./signin.ts";
import { normalizeWord } from "./words.ts";
import { sitePath } from "./return-path.ts";

/**
 * What the admin area (issue 12) and the rest of the site both know: moderation states, report reasons, sensitive
 * word actions, restriction periods, registration modes, the audit log's actions, and the admin forms' schemas.
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
  "work.recommend": "推荐作品",
  "work.unrecommend": "取消推荐",
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

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true || v === 1, z.boolean());
const page = z.preprocess((v) => (v === undefined || v === "" ? 1 : v), z.coerce.number().int().min(1).max(10_000));
const reason = (label = "原因") => text(label, { max: adminLimits.reason });
const day = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 2026-01-31")
    .optional(),
);
function oneOf<T extends string>(keys: readonly T[], message: string) {
  return z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.enum(keys as [T, ...T[]], { error: message }));
}
function optionalOneOf<T extends string>(keys: readonly T[], message: string) {
  return z.preprocess((v) => (v === "" || v === undefined ? undefined : v), oneOf(keys, message).optional());
}

/** Ids from a selection: repeated fields or one comma-separated value. */
const ids = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(",").filter((s) => s.trim()) : []),
  z.array(id("编号")).min(1, "请先选择要操作的内容").max(adminLimits.bulk, `一次最多操作${adminLimits.bulk}项`),
);

export const adminUsersQuery = z.object({ q: optionalText("搜索词", adminLimits.query), page });

export const rolesSchema = z.object({ admin: checkbox });

export const restrictSchema = z.object({
  kind: oneOf(["mute", "ban"] as const, "请选择禁言或封禁"),
  days: z.coerce
    .number({ error: "请选择期限" })
    .refine((d) => (restrictionDays as readonly number[]).includes(d), "请选择期限"),
  reason: reason(),
});
export const liftSchema = z.object({ kind: oneOf(["mute", "ban"] as const, "请选择禁言或封禁") });

const stateKeys = contentStates.map((s) => s.key);
export const adminWorksQuery = z.object({
  type: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number().int().min(0).max(4).optional(),
  ),
  nodeId: optionalId("节点"),
  author: optionalText("作者", adminLimits.query),
  state: optionalOneOf(stateKeys, "状态无效"),
  from: day,
  to: day,
  page,
});

export const workActions = [
  { key: "recommend", label: "推荐" },
  { key: "unrecommend", label: "取消推荐" },
  { key: "pin", label: "置顶到节点" },
  { key: "unpin", label: "取消置顶" },
  { key: "move", label: "移动到节点" },
  { key: "hide", label: "隐藏" },
  { key: "restore", label: "恢复" },
  { key: "delete", label: "删除" },
] as const;
export type WorkAction = (typeof workActions)[number]["key"];

export const workBulkSchema = z
  .object({
    ids,
    action: oneOf(
      workActions.map((a) => a.key),
      "请选择操作",
    ),
    nodeId: optionalId("节点"),
    reason: optionalText("原因", adminLimits.reason),
  })
  .superRefine((v, ctx) => {
    if (v.action === "move" && !v.nodeId)
      ctx.addIssue({ code: "custom", path: ["nodeId"], message: "请选择要移到的节点" });
    if ((v.action === "hide" || v.action === "delete") && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "请填写原因，作者会看到它" });
  });

export const adminCommentsQuery = z.object({
  workId: optionalId("作品"),
  author: optionalText("作者", adminLimits.query),
  state: optionalOneOf(stateKeys, "状态无效"),
  q: optionalText("搜索词", adminLimits.query),
  page,
});
export const commentActions = [
  { key: "hide", label: "隐藏" },
  { key: "restore", label: "恢复" },
  { key: "delete", label: "删除" },
] as const;
export type CommentAction = (typeof commentActions)[number]["key"];
export const commentBulkSchema = z
  .object({
    ids,
    action: oneOf(
      commentActions.map((a) => a.key),
      "请选择操作",
    ),
    reason: optionalText("原因", adminLimits.reason),
  })
  .superRefine((v, ctx) => {
    if (v.action !== "restore" && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "请填写原因，作者会看到它" });
  });

const logo = optionalText("图标", adminLimits.nodeLogo).refine(
  (v) => !v || /^(\/|https?:\/\/)/.test(v),
  "图标地址需以 / 或 http(s):// 开头",
);
export const nodeSchema = z.object({
  name: text("节点名称", { max: adminLimits.nodeName }),
  description: optionalText("节点描述", adminLimits.nodeDescription),
  logo,
});
export const nodeMoveSchema = z.object({ direction: oneOf(["up", "down"] as const, "方向无效") });
export const nodeVisibilitySchema = z.object({ hidden: checkbox });

export const adminTagsQuery = z.object({ q: optionalText("搜索词", adminLimits.query), page });
export const tagRenameSchema = z.object({ name: text("标签名", { max: adminLimits.tagName }) });
export const tagMergeSchema = z.object({ into: id("目标标签") });

export const reportSchema = z
  .object({
    target: oneOf(reportTargets, "举报对象无效"),
    targetId: optionalId("举报对象"),
    url: optionalText("页面地址", 300),
    reason: oneOf(
      reportReasons.map((r) => r.key),
      "请选择举报原因",
    ),
    detail: optionalText("补充说明", adminLimits.reason),
    // A visitor's page report only.
    captchaId: z.string().max(64).optional(),
    captchaCode: z.string().max(10).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.target === "page" && sitePath(v.url) !== v.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "页面地址无效" });
    if (v.target !== "page" && !v.targetId)
      ctx.addIssue({ code: "custom", path: ["targetId"], message: "举报对象无效" });
    if (v.reason === "other" && !v.detail)
      ctx.addIssue({ code: "custom", path: ["detail"], message: "选择“其他”时请写明原因" });
  });
export const adminReportsQuery = z.object({ status: optionalOneOf(["open", "done"] as const, "状态无效"), page });
export const reportHandleSchema = z.object({
  action: oneOf(
    reportActions.map((a) => a.key),
    "请选择处理方式",
  ),
  note: optionalText("处理说明", adminLimits.reason),
});

/**
 * One word a line. Blank lines and repeats are refused rather than dropped, so what is saved is what was typed;
 * the message names the line.
 */
export function wordLines(textValue: string): { words: string[]; problem: string | null } {
  const lines = textValue.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n");
  if (lines.length === 1 && !lines[0].trim()) return { words: [], problem: null };
  const words: string[] = [];
  for (const [i, line] of lines.entries()) {
    const word = line.trim();
    if (!word) return { words, problem: `第${i + 1}行是空行，请删去` };
    if ([...word].length > adminLimits.word) return { words, problem: `第${i + 1}行超过${adminLimits.word}个字符` };
    if (!normalizeWord(word)) return { words, problem: `第${i + 1}行没有可匹配的文字` };
    words.push(word);
  }
  return { words, problem: null };
}

const wordList = optionalText("敏感词", adminLimits.words * (adminLimits.word + 2));
export const wordsSchema = z.object({ refuse: wordList, review: wordList, mask: wordList });

export const adminAuditQuery = z.object({
  actor: optionalText("操作人", adminLimits.query),
  action: optionalOneOf(Object.keys(auditActions) as AuditAction[], "操作类型无效"),
  from: day,
  to: day,
  page,
});

/** Site-wide switches beside the settings of configSchema. */
export const accessSchema = z.object({
  registration: oneOf(
    registrationModes.map((m) => m.key),
    "注册方式无效",
  ),
  ways: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === "string" && v ? [v] : []),
    z.array(z.enum(switchableWays, { error: "登录方式无效" })),
  ),
});
export const pagesSchema = z.object({
  about: optionalText("关于我们", adminLimits.page),
  protocol: optionalText("用户协议", adminLimits.page),
});
export const invitesSchema = z.object({
  count: z.coerce
    .number({ error: `数量需为1到${adminLimits.inviteBatch}` })
    .int(`数量需为1到${adminLimits.inviteBatch}`)
    .min(1, `数量需为1到${adminLimits.inviteBatch}`)
    .max(adminLimits.inviteBatch, `数量需为1到${adminLimits.inviteBatch}`),
});
