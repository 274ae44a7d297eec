import { get, post } from "../shared/endpoint.ts";
import type { AccessTokenView, CreatedTokenView, SessionView, SigninWaysView } from "./views.ts";
import type { TasteView } from "../people/views.ts";
import type { CurrentUserView } from "../signin/views.ts";
import type { MailChoicesView } from "../jobs/jobs.ts";

/** 编辑资料 and 账号: one's own profile, avatar, username, e-mail, password, ways in, taste and sessions. */
export const account = {
  profile: post<CurrentUserView>()("/user/profile"),
  avatar: post<CurrentUserView>()("/user/set/avatar"),
  /** What a new work of theirs starts with: its licence, and whether AI may use it (contract/works/rights.ts). */
  rightsDefaults: post<CurrentUserView>()("/user/set/rights"),
  username: post<CurrentUserView>()("/user/account/username"),
  /** The new address takes effect when the link mailed to it is followed. */
  email: post<{ email: string }>()("/user/account/email"),
  password: post<null>()("/user/account/password"),
  resendVerifyMail: post<{ email: string }>()("/user/email/resend"),
  signinWays: get<SigninWaysView>()("/user/signin-ways"),
  unlinkProvider: post<null>()("/user/oauth/unlink"),
  bindPhone: post<null>()("/user/phone/bind"),
  unbindPhone: post<null>()("/user/phone/unbind"),
  taste: get<TasteView>()("/user/taste"),
  saveTaste: post<TasteView>()("/user/taste"),
  sessions: get<SessionView[]>()("/user/sessions"),
  /** Without a sessionId: every session but this one. */
  endSessions: post<{ ended: number }>()("/user/sessions/end"),
  /** 邮件通知: which notifications also come by mail, in a daily digest (none by default). */
  mailChoices: get<MailChoicesView>()("/user/mail-choices"),
  saveMailChoices: post<MailChoicesView>()("/user/mail-choices"),
  /** 访问令牌 (contract/account/tokens.ts): only from a signed-in session, never with a token. */
  tokens: get<AccessTokenView[]>()("/user/tokens"),
  createToken: post<CreatedTokenView>()("/user/tokens/create"),
  revokeToken: post<null>()("/user/tokens/revoke/:id"),
};
