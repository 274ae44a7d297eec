import type { Env } from "./env.ts";
import { consoleMailer, smtpMailer } from "../lib/mail.ts";
import { aliyunSms, consoleSms, tencentSms } from "../lib/sms.ts";
import type { SigninSettings } from "../services/deps.ts";

/** The ways in as the environment configures them (README, Sign-in methods). */
export function signinSettings(env: Env): SigninSettings {
  const sms =
    env.sms.provider === "aliyun"
      ? aliyunSms(env.sms)
      : env.sms.provider === "tencent"
        ? tencentSms(env.sms)
        : consoleSms();
  return {
    sms,
    mail: env.smtpUrl ? smtpMailer(env.smtpUrl, env.mailFrom) : consoleMailer(),
    oauth: env.oauth,
    siteUrl: env.siteUrl,
    siteUrlSet: env.siteUrlSet,
    requireVerified: env.requireVerified,
  };
}
