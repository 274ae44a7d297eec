import { z } from "zod";
import { licenseKeys } from "../works/rights.ts";
import { checkbox, id, optionalId, optionalText, text } from "../shared/fields.ts";
import { normalizeWord } from "./words.ts";
import { sitePath } from "../shared/return-path.ts";
import { leavingTo } from "../shared/outbound.ts";
import {
  type AuditAction,
  adminLimits,
  auditActions,
  contentStates,
  registrationModes,
  reportActions,
  reportReasons,
  reportTargets,
  restrictionDays,
  switchableWays,
} from "./moderation.ts";

// The admin area's forms and filters as the API parses them; the web builds its forms from the same schemas.

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
  ai: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number({ error: "AI 标注无效" }).int("AI 标注无效").min(0, "AI 标注无效").max(2, "AI 标注无效").optional(),
  ),
  license: optionalOneOf(licenseKeys, "许可协议无效"),
  from: day,
  to: day,
  page,
});

export const workActions = [
  { key: "recommend", label: "选入编辑精选" },
  { key: "unrecommend", label: "移出编辑精选" },
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
    // 版权申诉: the original, a work of this site (/art/12) or another address.
    original: optionalText("原作地址", 300, { line: true }),
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
    if (v.reason === "copyright" && v.target === "work") {
      if (!isOriginalAddress(v.original))
        ctx.addIssue({ code: "custom", path: ["original"], message: "请填写原作的地址（本站作品或其他网站的链接）" });
      if (!v.detail)
        ctx.addIssue({ code: "custom", path: ["detail"], message: "请说明你是原作者的依据，如创作过程、原始文件" });
    }
  });
/** A claimed original's address: a work of this site (`/art/12`) or an http(s) address elsewhere. */
export const isOriginalAddress = (v: string) => /^\/art\/\d{1,9}$/.test(v) || leavingTo(v) !== null;

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
