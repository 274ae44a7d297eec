import { randomUUID } from "node:crypto";
import svgCaptcha, { type ConfigObject } from "svg-captcha";
import { ApiError } from "../lib/errors.ts";
import { tooMany } from "../lib/rate-limit.ts";
import type { Deps } from "./deps.ts";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
// The package's default export draws a given text; its typings only describe create().
const drawCaptcha = svgCaptcha as unknown as (text: string, options: ConfigObject) => string;
// Letters that are easy to tell apart; no 0/o, 1/l/i.
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

export function randomCode(length = 4): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

export async function createCaptcha(deps: Deps, ip: string): Promise<{ captchaId: string; captchaUrl: string }> {
  const wait = await deps.limiter.hit("captchaIp", ip);
  if (wait > 0) throw tooMany(wait);
  const now = deps.now();
  const id = randomUUID();
  await deps.captchas.put(id, randomCode(), now + CAPTCHA_TTL_MS, now);
  return { captchaId: id, captchaUrl: `/api/captcha/show?captchaId=${id}` };
}

/** The image of a live captcha; drawn anew on every request so reloading it does not reveal the code. */
export async function captchaImage(deps: Deps, id: string): Promise<string | null> {
  const code = await deps.captchas.peek(id, deps.now());
  if (!code) return null;
  return drawCaptcha(code, { width: 120, height: 44, fontSize: 48, noise: 2, color: true, background: "#f3f4f6" });
}

/** Checks and spends a captcha: right or wrong, it cannot be tried again. */
export async function verifyCaptcha(deps: Deps, id: string, code: string): Promise<void> {
  if (!deps.captchaEnabled) return;
  if (!id)
    throw new ApiError("captcha", "图形验证码已失效，请刷新后重试", { captchaCode: "图形验证码已失效，请刷新后重试" });
  if (!code) throw new ApiError("captcha", "请输入图形验证码", { captchaCode: "请输入图形验证码" });
  const held = await deps.captchas.take(id);
  if (!held || held.expiresAt <= deps.now()) {
    throw new ApiError("captcha", "图形验证码已过期，请刷新后重试", { captchaCode: "图形验证码已过期，请刷新后重试" });
  }
  if (held.code.toLowerCase() !== code.trim().toLowerCase()) {
    throw new ApiError("captcha", "图形验证码错误", { captchaCode: "图形验证码错误" });
  }
}
