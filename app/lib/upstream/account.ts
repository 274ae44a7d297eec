import type { CurrentUserView, Page, Session, WorkCardView } from "../../../contract/types.ts";
import type { ApiClient, Body } from "../api.server.ts";

/** Signing in and out, and what belongs to the signed-in user (api/routes/login.ts, captcha.ts, user.ts). */
export type Captcha = { captchaId: string; captchaUrl: string };

export const newCaptcha = (api: ApiClient) => api.get<Captcha>("/captcha/request");
export const signin = (api: ApiClient, body: Body) => api.post<Session>("/login/signin", body);
export const signup = (api: ApiClient, body: Body) => api.post<Session>("/login/signup", body);
export const signout = (api: ApiClient, token: string) => api.get("/login/signout", { userToken: token });
export const getCurrentUser = (api: ApiClient) => api.get<CurrentUserView | null>("/user/current");
export const listFavorites = (api: ApiClient, cursor?: string) =>
  api.get<Page<WorkCardView>>("/user/favorites", { cursor });
