import { z } from "zod";
import { aiLimits, aiSettingLimits } from "./ai.ts";
import { checkbox, optionalId, optionalText, text } from "../shared/fields.ts";

/** A question to the site's AI, from /ai or the search page's 深度搜索. */
export const askSchema = z.object({
  question: text("问题", { max: aiLimits.question }),
  /** A conversation to go on; a new one without it. */
  conversationId: optionalId("对话"),
  think: checkbox,
  search: checkbox,
});

const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能超过${max}`);

/** /admin/ai: the switch, the limits and the system prompt. */
export const aiSettingsSchema = z.object({
  enabled: checkbox,
  dailyQuota: count("每日次数", 0, aiSettingLimits.dailyQuota),
  perMinute: count("每分钟次数", 1, aiSettingLimits.perMinute),
  /** Absent: the cap stands as it is (an older client's form). */
  siteDaily: count("全站每日次数", 0, aiSettingLimits.siteDaily).optional(),
  systemPrompt: optionalText("系统提示词", aiLimits.systemPrompt),
});
