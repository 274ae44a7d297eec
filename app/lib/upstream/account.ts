import type {
  CurrentUserView,
  MeView,
  Page,
  Session,
  SessionView,
  TasteView,
  WorkCardView,
} from "../../../contract/types.ts";
import type { ApiClient, Body } from "../api.server.ts";
import { shownPage } from "../work.ts";

/** Signing in and out, and what belongs to the signed-in user (api/routes/login.ts, captcha.ts, user.ts). */
export type Captcha = { captchaId: string; captchaUrl: string };

export const newCaptcha = (api: ApiClient) => api.get<Captcha>("/captcha/request");
export const signin = (api: ApiClient, body: Body) => api.post<Session>("/login/signin", body);
export const signup = (api: ApiClient, body: Body) => api.post<Session>("/login/signup", body);
export const signout = (api: ApiClient, token: string) => api.get("/login/signout", { userToken: token });
export const getCurrentUser = (api: ApiClient) => api.get<MeView | null>("/user/current");
export const listFavorites = async (api: ApiClient, cursor?: string) =>
  shownPage(await api.get<Page<WorkCardView>>("/user/favorites", { cursor }));

/** 编辑资料 and 账号 (api/routes/account.ts). */
export const updateProfile = (api: ApiClient, body: Body) => api.post<CurrentUserView>("/user/profile", body);
export const setAvatar = (api: ApiClient, body: FormData) => api.post<CurrentUserView>("/user/set/avatar", body);
export const changeAccount = (api: ApiClient, what: "username" | "email" | "password", body: Body) =>
  api.post<CurrentUserView | null>(`/user/account/${what}`, body);
export const listSessions = (api: ApiClient) => api.get<SessionView[]>("/user/sessions");
export const endSessions = (api: ApiClient, sessionId?: number) =>
  api.post<{ ended: number }>("/user/sessions/end", { sessionId });
export const getTaste = (api: ApiClient) => api.get<TasteView>("/user/taste");
export const saveTaste = (api: ApiClient, body: Body) => api.post<TasteView>("/user/taste", body);
