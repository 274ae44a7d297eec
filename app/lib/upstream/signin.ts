import type { OAuthResult, OAuthStart, Session, SigninWaysView, SmsSent } from "../../../contract/types.ts";
import type { OAuthProvider } from "../../../contract/signin.ts";
import type { ApiClient, Body } from "../api.server.ts";

/** The ways in beside the password (api/routes/login.ts, oauth.ts, account.ts). */
export const sendSmsCode = (api: ApiClient, body: Body) => api.post<SmsSent>("/login/sms/send", body);
export const phoneSignin = (api: ApiClient, body: Body) => api.post<Session>("/login/phonesignin", body);
export const forgotPassword = (api: ApiClient, body: Body) => api.post<null>("/login/password/forgot", body);
export const resetPassword = (api: ApiClient, body: Body) => api.post<null>("/login/password/reset", body);
export const verifyEmail = (api: ApiClient, token: string) =>
  api.post<{ email: string }>("/login/email/verify", { token });
export const resendVerifyMail = (api: ApiClient) => api.post<{ email: string }>("/user/email/resend");

export const startOAuth = (api: ApiClient, provider: OAuthProvider, query: { ref?: string; link?: boolean }) =>
  api.get<OAuthStart & { state: string }>(`/${provider}/login/authorize`, {
    ref: query.ref,
    link: query.link ? "1" : undefined,
  });
export const finishOAuth = (api: ApiClient, provider: OAuthProvider, query: Record<string, string | undefined>) =>
  api.get<OAuthResult>(`/${provider}/login/callback`, query);

export const signinWays = (api: ApiClient) => api.get<SigninWaysView>("/user/signin-ways");
export const unlinkProvider = (api: ApiClient, provider: string) => api.post<null>("/user/oauth/unlink", { provider });
export const bindPhone = (api: ApiClient, body: Body) => api.post<null>("/user/phone/bind", body);
export const unbindPhone = (api: ApiClient) => api.post<null>("/user/phone/unbind");
