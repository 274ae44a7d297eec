import { z } from "zod";
import { id, optionalText, text } from "../shared/fields.ts";
import { commissionLimits, tipLimits } from "../shared/limits.ts";
import { commissionSteps, type CommissionStep } from "./states.ts";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A China-time day ("2026-12-24") as the moment it begins, or null for text that is not one. */
export function chinaDayToMs(v: string): number | null {
  const m = DAY.exec(v);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - 8 * 3_600_000;
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10) === v ? ms : null;
}

/** Reference addresses, one a line: pictures of this site (/uploads/…, /art/12) or http(s) pages. */
const refs = z.preprocess(
  (v) =>
    (typeof v === "string" ? v : "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  z
    .array(
      z
        .string()
        .max(300, "参考地址不能超过300个字符")
        .refine(
          (v) => /^\/(uploads|art)\/[\w./-]+$/.test(v.replace(/\.\./g, "!")) || /^https?:\/\/[^\s]+$/i.test(v),
          "参考请填写以 http:// 或 https:// 开头的网址，或本站的作品、图片地址",
        ),
    )
    .max(commissionLimits.refs, `参考最多${commissionLimits.refs}条`),
);

export const commissionSchema = z.object({
  creatorId: id("创作者"),
  title: text("约稿标题", { max: commissionLimits.title }),
  brief: text("需求说明", { max: commissionLimits.brief }),
  budget: optionalText("预算", commissionLimits.budget, { line: true }),
  deadline: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string()
      .optional()
      .transform((v, ctx) =>
        !v ? 0 : (chinaDayToMs(v) ?? (ctx.addIssue({ code: "custom", message: "期望交稿日期格式不正确" }), z.NEVER)),
      ),
  ),
  refs,
});

const steps = Object.keys(commissionSteps) as CommissionStep[];

/** A step of a commission; a delivery names its pictures (uploads of the creator's), a note may go with any. */
export const commissionStepSchema = z.object({
  step: z.enum(steps as [CommissionStep, ...CommissionStep[]], { error: "未知操作" }),
  note: optionalText("说明", commissionLimits.message),
  files: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(300)).max(commissionLimits.files, `交付的图片最多${commissionLimits.files}张`),
  ),
});

export const commissionMessageSchema = z.object({ content: text("消息", { max: commissionLimits.message }) });

export const commissionListQuery = z.object({
  role: z.enum(["received", "sent"], { error: "列表类型无效" }).default("received"),
  cursor: z.string().max(200).optional(),
});

export const commissionFileParams = {
  id: id("约稿"),
  n: z.coerce
    .number({ error: "图片无效" })
    .int("图片无效")
    .min(0, "图片无效")
    .max(commissionLimits.files - 1, "图片无效"),
};
export const commissionFileQuery = z.object({ size: z.enum(["640", "full"]).default("640") });

export const tipSchema = z.object({
  amount: z.coerce
    .number({ error: "请选择打赏的积分" })
    .int("打赏的积分须为整数")
    .min(1, "打赏的积分至少为1")
    .max(tipLimits.max, `一次最多打赏${tipLimits.max}积分`)
    // The amounts offered only: a day's 100 points in 1-point tips would be 100 notices to the author.
    .refine(
      (n) => (tipLimits.amounts as readonly number[]).includes(n),
      `请选择 ${tipLimits.amounts.join("、")} 积分之一`,
    ),
});
