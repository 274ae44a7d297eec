import { z } from "zod";
import { id } from "../shared/fields.ts";
import { webhookEventKeys, webhookLimits } from "./events.ts";

export const webhookParams = { id: id("Webhook") };

/** A new address: where to (http or https, no user or password in it), and which events (one or more). */
export const webhookSchema = z.object({
  url: z
    .string({ error: "请输入接收地址" })
    .trim()
    .min(1, "请输入接收地址")
    .max(webhookLimits.url, `接收地址不能超过${webhookLimits.url}个字符`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
      } catch {
        return false;
      }
    }, "接收地址需以 http:// 或 https:// 开头，且不能包含用户名或密码"),
  events: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(webhookEventKeys, { error: "没有这种事件" })).min(1, "请至少选择一种事件"),
  ),
});
