import { z } from "zod";
import { get, post, raw } from "../shared/endpoint.ts";
import { oauthProviders } from "./ways-in.ts";
import {
  anySigninSchema,
  captchaQuery,
  emailTokenSchema,
  forgotPasswordSchema,
  oauthCallbackQuery,
  oauthStartQuery,
  phoneSigninSchema,
  resetPasswordSchema,
  signupSchema,
  smsSendSchema,
} from "./schemas.ts";

const provider = { provider: z.enum(oauthProviders, "未知的登录方式") };
import type { MeView, OAuthResult, OAuthStart, Session, SmsSent } from "./views.ts";

export type Captcha = { captchaId: string; captchaUrl: string };

/** Signing in and out, the captcha, the ways in beside the password (api/routes/signin.ts). */
export const signin = {
  captcha: get<Captcha>()("/captcha/request", { summary: "申请图形验证码" }),
  /** The captcha's picture (PNG), by `captchaId`. */
  captchaImage: raw("/captcha/show", { summary: "图形验证码图片（PNG）", query: captchaQuery }),
  /** A username and password, or a phone and its code. */
  signin: post<Session>()("/login/signin", { summary: "登录（用户名密码或手机验证码）", body: anySigninSchema }),
  phoneSignin: post<Session>()("/login/phonesignin", { summary: "手机验证码登录", body: phoneSigninSchema }),
  smsSend: post<SmsSent>()("/login/sms/send", { summary: "发送短信验证码", body: smsSendSchema }),
  signup: post<Session>()("/login/signup", { summary: "注册", body: signupSchema }),
  passwordForgot: post<null>()("/login/password/forgot", {
    summary: "找回密码（发送重置邮件）",
    body: forgotPasswordSchema,
  }),
  passwordReset: post<null>()("/login/password/reset", { summary: "重置密码", body: resetPasswordSchema }),
  emailVerify: post<{ email: string }>()("/login/email/verify", { summary: "验证邮箱", body: emailTokenSchema }),
  /** The token as `userToken` (or the header). */
  signout: get<null>()("/login/signout", {
    summary: "退出登录",
    query: z.object({ userToken: z.string().max(200).optional() }),
  }),
  current: get<MeView | null>()("/user/current", { summary: "当前登录的用户" }),
  oauthStart: get<OAuthStart & { state: string }>()("/:provider{wechat|weibo|qq|github|osc}/login/authorize", {
    summary: "开始第三方登录",
    params: provider,
    query: oauthStartQuery,
  }),
  oauthCallback: get<OAuthResult>()("/:provider{wechat|weibo|qq|github|osc}/login/callback", {
    summary: "第三方登录回调",
    params: provider,
    query: oauthCallbackQuery,
  }),
};
