import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { ApiError } from "../lib/errors.ts";
import { parseQuery } from "../lib/validate.ts";
import { captchaImage, createCaptcha } from "../services/captcha.ts";

const captchaQuery = z.object({ captchaId: z.string().max(64).default("") });

export const captchaRoutes = new Hono<ApiEnv>()
  .get("/request", async (c) => ok(c, await createCaptcha(c.get("deps"), c.get("ip"))))
  .get("/show", async (c) => {
    const { captchaId } = parseQuery(c, captchaQuery);
    const png = await captchaImage(c.get("deps"), captchaId);
    if (!png) throw new ApiError("notFound", "验证码已过期，请刷新");
    return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png", "Cache-Control": "no-store" });
  });
