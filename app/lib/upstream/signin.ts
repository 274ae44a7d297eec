import { account, signin } from "../../../contract/endpoints.ts";
import type { OAuthProvider } from "../../../contract/signin/ways-in.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** The ways in beside the password (contract/signin/endpoints.ts, account.ts). */
export const sendSmsCode = (api: ApiClient, body: BodyOf<typeof signin.smsSend>) => api.call(signin.smsSend, { body });
export const phoneSignin = (api: ApiClient, body: BodyOf<typeof signin.phoneSignin>) =>
  api.call(signin.phoneSignin, { body });
export const forgotPassword = (api: ApiClient, body: BodyOf<typeof signin.passwordForgot>) =>
  api.call(signin.passwordForgot, { body });
export const resetPassword = (api: ApiClient, body: BodyOf<typeof signin.passwordReset>) =>
  api.call(signin.passwordReset, { body });
export const verifyEmail = (api: ApiClient, token: string) => api.call(signin.emailVerify, { body: { token } });
export const resendVerifyMail = (api: ApiClient) => api.call(account.resendVerifyMail);

export const startOAuth = (api: ApiClient, provider: OAuthProvider, query: { ref?: string; link?: boolean }) =>
  api.call(signin.oauthStart, { params: { provider }, query: { ref: query.ref, link: query.link ? "1" : undefined } });
export const finishOAuth = (api: ApiClient, provider: OAuthProvider, query: Record<string, string | undefined>) =>
  api.call(signin.oauthCallback, { params: { provider }, query });

export const signinWays = (api: ApiClient) => api.call(account.signinWays);
export const unlinkProvider = (api: ApiClient, provider: string) =>
  api.call(account.unlinkProvider, { body: { provider } });
export const bindPhone = (api: ApiClient, body: BodyOf<typeof account.bindPhone>) =>
  api.call(account.bindPhone, { body });
export const unbindPhone = (api: ApiClient) => api.call(account.unbindPhone);
