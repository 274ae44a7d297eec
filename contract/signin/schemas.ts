import { z } from "zod";
import { optionalText, secret, text } from "../shared/fields.ts";
import { nicknameProblem } from "../people/identity.ts";
import { userLimits } from "../shared/limits.ts";
import { PHONE_PATTERN, smsLimits } from "./ways-in.ts";

/** Signing in and up, by password, SMS or a mailed link. Messages are Chinese and name the field. */

const captchaFields = {
  captchaId: optionalText("验证码编号", 64),
  captchaCode: optionalText("验证码", 10),
};

export const signinSchema = z.object({
  username: text("用户名或邮箱", { max: userLimits.login }),
  password: secret("密码", { min: 1, max: userLimits.password }),
  ...captchaFields,
});

/** A mainland mobile number, as people type it: spaces, dashes and a +86 prefix are dropped. */
export const phoneField = z
  .preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "").replace(/^(\+?86)(?=1\d{10}$)/, "") : ""),
    z.string().min(1, "请输入手机号").max(20, "请输入正确的11位手机号").regex(PHONE_PATTERN, "请输入正确的11位手机号"),
  )
  .meta({ maxLength: 20, required: true });

export const verifyCodeField = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z
      .string()
      .min(1, "请输入短信验证码")
      .regex(new RegExp(`^\\d{${smsLimits.codeLength}}$`), `短信验证码为${smsLimits.codeLength}位数字`),
  )
  .meta({ maxLength: smsLimits.codeLength, required: true });

/** 获取验证码: the number, and the picture captcha that guards sending. */
export const smsSendSchema = z.object({ phone: phoneField, ...captchaFields });

export const phoneSigninSchema = z.object({ phone: phoneField, verifyCode: verifyCodeField });

export const nickname = text("昵称", { max: userLimits.nickname }).superRefine((v, ctx) => {
  const problem = nicknameProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const signupSchema = z.object({
  nickname,
  username: text("用户名", { max: userLimits.username }).pipe(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{2,19}$/, "用户名需以字母开头，由3到20位字母、数字或下划线组成"),
  ),
  email: text("邮箱", { max: userLimits.email }).pipe(z.email("邮箱格式不正确")),
  password: secret("密码", { min: userLimits.passwordMin, max: userLimits.password }),
  rePassword: secret("确认密码", { min: 1, max: userLimits.password }),
  // requirements §7: a number proven by its code may come with a sign-up and is then bound to the new account.
  phone: z.preprocess((v) => (v === "" ? undefined : v), phoneField.optional()),
  verifyCode: optionalText("短信验证码", smsLimits.codeLength),
  // Asked for only while registration is by invitation (admin area, 注册与登录).
  inviteCode: optionalText("邀请码", 32),
  ...captchaFields,
});

/** 忘记密码: where to send the link. */
export const forgotPasswordSchema = z.object({
  email: text("邮箱", { max: userLimits.email }).pipe(z.email("邮箱格式不正确")),
  ...captchaFields,
});

/** A link's token from a mail (verify or reset): 43 url-safe characters. */
const linkToken = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z.string().regex(/^[\w-]{20,100}$/, "链接已失效或已被使用"),
);

export const emailTokenSchema = z.object({ token: linkToken });

export const resetPasswordSchema = z.object({
  token: linkToken,
  password: secret("新密码", { min: userLimits.passwordMin, max: userLimits.password }),
  rePassword: secret("确认密码", { min: 1, max: userLimits.password }),
});

/** 登录: a username and password, or (requirements §7) a phone and its code, told apart by the fields that came. */
export const anySigninSchema = z.union([signinSchema, phoneSigninSchema]);

export const captchaQuery = z.object({ captchaId: z.string().max(64).default("") });
/** Where to go back to after signing in, and whether to link the provider to the signed-in account. */
export const oauthStartQuery = z.object({ ref: z.string().max(2000).optional(), link: z.string().max(1).optional() });
export const oauthCallbackQuery = z.object({
  code: z.string().max(1000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});
