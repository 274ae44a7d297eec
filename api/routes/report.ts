import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { parseBody } from "../lib/validate.ts";
import { reportSchema } from "../../contract/admin.ts";
import { fileReport } from "../services/reports.ts";

/** 举报: any signed-in person, once per thing; a visitor, a broken page (with the captcha). */
export const reportRoutes = new Hono<ApiEnv>().post("/", async (c) => {
  const { captchaId, captchaCode, ...input } = await parseBody(c, reportSchema);
  const user = c.get("user") ?? (input.target === "page" ? null : requireUser(c));
  return ok(c, await fileReport(c.get("deps"), user, input, { ip: c.get("ip"), captchaId, captchaCode }));
});
