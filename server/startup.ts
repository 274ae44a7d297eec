import type { Env } from "../api/index.ts";

/**
 * What an operator reads at start: the warnings about settings left at their defaults, and one plain line with the
 * address to open. Each is said once per start, by the primary or the only process, never once per worker.
 */
export function startupWarnings(env: Env, mode: "production" | "development"): string[] {
  const production = mode === "production";
  const out: string[] = [];
  // Behind API_ORIGIN another server sends the codes and the mail.
  if (!env.apiOrigin && env.sms.provider === "console" && production)
    out.push("SMS codes are printed here, not sent: SMS_PROVIDER is console (set aliyun or tencent to send them)");
  if (!env.apiOrigin && !env.smtpUrl && production)
    out.push("SMTP_URL is not set: verification and password-reset mail is printed here, not sent");
  if (!env.captcha) out.push("captcha is off (CAPTCHA=off): sign-in and sign-up accept any code");
  if (!env.siteUrlSet && production)
    out.push(`SITE_URL is not set: canonical links and share QR codes point to ${env.siteUrl}`);
  return out;
}

/**
 * The line a person clicks to open the site they just started: its public address when SITE_URL names one (behind a
 * proxy the port is not where people go), else this machine's port.
 */
export const startedLine = (port: number, siteUrl?: string) => `艺社已启动：${siteUrl ?? `http://localhost:${port}`}`;
