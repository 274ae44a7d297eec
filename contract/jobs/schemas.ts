import { z } from "zod";
import { isJobName, isMailNoticeKind, type JobName, type MailNoticeKind } from "./jobs.ts";

// The admin 任务 page's actions and a member's 邮件通知, as the API parses them.

export const jobNameSchema = z
  .string({ error: "请选择任务" })
  .refine((v): v is JobName => isJobName(v), "没有这种任务")
  .transform((v) => v as JobName);

/** A job's id: pg-boss's UUID or the SQLite queue's number. */
export const jobIdSchema = z.string().regex(/^[0-9a-f-]{1,36}$/i, "任务编号不正确");

export const jobActionSchema = z.object({ name: jobNameSchema });

/** The kinds of notification a member has by mail: a checkbox each (`kinds` repeated), none to turn it off. */
export const mailChoicesSchema = z.object({
  kinds: z
    .preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()).max(10))
    .refine((v) => v.every(isMailNoticeKind), "没有这种通知")
    .transform((v) => v as MailNoticeKind[]),
});

/** The digest's one-click unsubscribe link: whose, and the random key only that member's mail carries. */
export const unsubscribeSchema = z.object({
  u: z.coerce.number({ error: "退订链接不完整" }).int().positive("退订链接不完整"),
  k: z.string().regex(/^[\w-]{10,64}$/, "退订链接不正确"),
});
