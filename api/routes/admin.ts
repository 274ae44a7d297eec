import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireStaff } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { optionalText, parseBody, text } from "../lib/validate.ts";
import { siteStats } from "../services/admin.ts";
import { updateConfig } from "../services/config.ts";

const navSchema = z.object({
  title: text("导航标题", { max: 10 }),
  url: text("导航链接", { max: 200 }).pipe(
    z.string().regex(/^(\/(?!\/)|https?:\/\/)\S*$/, "导航链接需以 / 或 http(s):// 开头"),
  ),
});

/** siteNavs arrives as JSON text in a form post, or as an array in a JSON body. */
const navsSchema = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v || "[]");
    } catch {
      return null;
    }
  },
  z.array(navSchema, { error: "导航链接格式不正确" }).max(12, "导航链接最多12个"),
);

export const configSchema = z.object({
  siteTitle: text("站点名称", { max: 30 }),
  siteDescription: optionalText("站点描述", 200),
  siteKeywords: optionalText("关键词", 200),
  siteNavs: navsSchema,
  tokenExpireDays: z.coerce
    .number({ error: "登录有效天数需为1到365的整数" })
    .int("登录有效天数需为1到365的整数")
    .min(1, "登录有效天数需为1到365的整数")
    .max(365, "登录有效天数需为1到365的整数"),
  icpNumber: optionalText("ICP备案号", 50),
  policeNumber: optionalText("公安备案号", 50),
  footerText: optionalText("页脚文字", 200),
});

export const adminRoutes = new Hono<ApiEnv>()
  .use(async (c, next) => {
    requireStaff(c);
    await next();
  })
  .get("/stats", async (c) => ok(c, await siteStats(c.get("deps"))))
  .post("/config", async (c) => ok(c, await updateConfig(c.get("deps"), await parseBody(c, configSchema))));
