import { z } from "zod";
import { cursor, id, text } from "../shared/fields.ts";
import { messageLimits } from "../shared/limits.ts";

/** 私信. */

/** A private message: plain text (links are made clickable when shown), to someone named by id. */
export const messageSchema = z.object({
  userId: id("收信人"),
  content: text("私信内容", { max: messageLimits.content }),
});

export const notificationListQuery = z.object({
  cursor,
  unread: z.enum(["0", "1"], { error: "筛选条件无效" }).optional(),
});
export const notificationTarget = z.object({ id: id("通知") });
export const chatQuery = z.object({ cursor, markRead: z.enum(["0", "1"], { error: "参数无效" }).optional() });
export const blockTarget = z.object({ userId: id("用户") });
