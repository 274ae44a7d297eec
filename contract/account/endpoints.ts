import { z } from "zod";
import { get, post } from "../shared/endpoint.ts";
import { id, optionalId } from "../shared/fields.ts";
import { oauthProviders } from "../signin/ways-in.ts";
import { phoneSigninSchema } from "../signin/schemas.ts";
import { mailChoicesSchema } from "../jobs/schemas.ts";
import {
  avatarCropSchema,
  emailSchema,
  passwordSchema,
  profileSchema,
  rightsDefaultsSchema,
  tasteSchema,
  tokenSchema,
  usernameSchema,
} from "./schemas.ts";
import type { AccessTokenView, CreatedTokenView, SessionView, SigninWaysView } from "./views.ts";
import type { TasteView } from "../people/views.ts";
import type { CurrentUserView } from "../signin/views.ts";
import type { MailChoicesView } from "../jobs/jobs.ts";

/** 编辑资料 and 账号: one's own profile, avatar, username, e-mail, password, ways in, taste and sessions. */
export const account = {
  profile: post<CurrentUserView>()("/user/profile", { summary: "修改个人资料", body: profileSchema }),
  avatar: post<CurrentUserView>()("/user/set/avatar", {
    summary: "更换头像（可带裁剪范围）",
    upload: "avatar",
    body: avatarCropSchema,
  }),
  /** What a new work of theirs starts with: its licence, and whether AI may use it (contract/works/rights.ts). */
  rightsDefaults: post<CurrentUserView>()("/user/set/rights", { summary: "作品默认设置", body: rightsDefaultsSchema }),
  username: post<CurrentUserView>()("/user/account/username", { summary: "修改用户名", body: usernameSchema }),
  /** The new address takes effect when the link mailed to it is followed. */
  email: post<{ email: string }>()("/user/account/email", { summary: "修改邮箱（验证后生效）", body: emailSchema }),
  password: post<null>()("/user/account/password", { summary: "修改密码", body: passwordSchema }),
  resendVerifyMail: post<{ email: string }>()("/user/email/resend", { summary: "重发验证邮件" }),
  signinWays: get<SigninWaysView>()("/user/signin-ways", { summary: "已绑定的登录方式" }),
  unlinkProvider: post<null>()("/user/oauth/unlink", {
    summary: "解绑第三方登录",
    body: z.object({ provider: z.enum(oauthProviders, "未知的登录方式") }),
  }),
  bindPhone: post<null>()("/user/phone/bind", { summary: "绑定手机号", body: phoneSigninSchema }),
  unbindPhone: post<null>()("/user/phone/unbind", { summary: "解绑手机号" }),
  taste: get<TasteView>()("/user/taste", { summary: "我的口味" }),
  saveTaste: post<TasteView>()("/user/taste", { summary: "保存我的口味", body: tasteSchema }),
  sessions: get<SessionView[]>()("/user/sessions", { summary: "登录中的设备" }),
  /** Without a sessionId: every session but this one. */
  endSessions: post<{ ended: number }>()("/user/sessions/end", {
    summary: "退出一台或其他全部设备",
    body: z.object({ sessionId: optionalId("会话") }),
  }),
  /** 邮件通知: which notifications also come by mail, in a daily digest (none by default). */
  mailChoices: get<MailChoicesView>()("/user/mail-choices", { summary: "邮件通知设置" }),
  saveMailChoices: post<MailChoicesView>()("/user/mail-choices", {
    summary: "保存邮件通知设置",
    body: mailChoicesSchema,
  }),
  /** 访问令牌 (contract/account/tokens.ts): only from a signed-in session, never with a token. */
  tokens: get<AccessTokenView[]>()("/user/tokens", { summary: "我的访问令牌" }),
  createToken: post<CreatedTokenView>()("/user/tokens/create", { summary: "创建访问令牌", body: tokenSchema }),
  revokeToken: post<null>()("/user/tokens/revoke/:id", { summary: "撤销访问令牌", params: { id: id("访问令牌") } }),
};
