import { get, post, raw } from "../shared/endpoint.ts";
import type { MeView, OAuthResult, OAuthStart, Session, SmsSent } from "./views.ts";

export type Captcha = { captchaId: string; captchaUrl: string };

/** Signing in and out, the captcha, the ways in beside the password (api/routes/signin.ts). */
export const signin = {
  captcha: get<Captcha>()("/captcha/request"),
  /** The captcha's picture (PNG), by `captchaId`. */
  captchaImage: raw("/captcha/show"),
  /** A username and password, or a phone and its code. */
  signin: post<Session>()("/login/signin"),
  phoneSignin: post<Session>()("/login/phonesignin"),
  smsSend: post<SmsSent>()("/login/sms/send"),
  signup: post<Session>()("/login/signup"),
  passwordForgot: post<null>()("/login/password/forgot"),
  passwordReset: post<null>()("/login/password/reset"),
  emailVerify: post<{ email: string }>()("/login/email/verify"),
  /** The token as `userToken` (or the header). */
  signout: get<null>()("/login/signout"),
  current: get<MeView | null>()("/user/current"),
  oauthStart: get<OAuthStart & { state: string }>()("/:provider/login/authorize"),
  oauthCallback: get<OAuthResult>()("/:provider/login/callback"),
};
