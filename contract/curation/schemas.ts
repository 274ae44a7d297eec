import { z } from "zod";
import { cursor, id, optionalId, optionalText, text } from "../shared/fields.ts";
import { curationLimits, eventLimits } from "../shared/limits.ts";
import { chinaMinuteToMs } from "../shared/china-time.ts";

/** 编辑精选: why the admin picked it, in a line (shown with the work). */
export const pickSchema = z.object({ reason: optionalText("精选理由", curationLimits.reason, { line: true }) });

export const pickQuery = z.object({ cursor, limit: z.coerce.number().int().min(1).max(60).optional() });

export const tagTarget = z.object({ tagId: id("标签") });

const minute = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: `请选择${label}` })
      .min(1, `请选择${label}`)
      .transform(
        (v, ctx) => chinaMinuteToMs(v) ?? (ctx.addIssue({ code: "custom", message: `${label}格式不正确` }), z.NEVER),
      ),
  );

/** An event as an admin writes it: its tag by name (made when new), its times as China-time minutes. */
export const eventSchema = z
  .object({
    title: text("活动名称", { max: eventLimits.title }),
    rules: text("活动规则", { max: eventLimits.rules }),
    tag: text("活动标签", { max: 20 }).refine((v) => !/[\s#,，]/.test(v), "活动标签不能含空格、逗号或 #"),
    cover: optionalText("封面", 300),
    startsAt: minute("开始时间"),
    endsAt: minute("结束时间"),
  })
  .refine((e) => e.endsAt > e.startsAt, { path: ["endsAt"], message: "结束时间要晚于开始时间" });

export const entrySchema = z.object({ workId: id("作品") });

/** The places an admin announces: the first required, the second and third when there are. */
export const announceSchema = z
  .object({ first: id("第一名"), second: optionalId("第二名"), third: optionalId("第三名") })
  .refine(
    (p) =>
      new Set([p.first, p.second, p.third].filter(Boolean)).size ===
      [p.first, p.second, p.third].filter(Boolean).length,
    {
      message: "同一件作品只能获得一个名次",
    },
  );
