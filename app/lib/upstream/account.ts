import { account, people, signin as ways } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";
import { packedCards } from "../work.ts";

export type { Captcha } from "../../../contract/signin/endpoints.ts";

/** Signing in and out, and what belongs to the signed-in user (contract/signin/endpoints.ts, account.ts). */
export const newCaptcha = (api: ApiClient) => api.call(ways.captcha);
export const signin = (api: ApiClient, body: BodyOf<typeof ways.signin>) => api.call(ways.signin, { body });
export const signup = (api: ApiClient, body: BodyOf<typeof ways.signup>) => api.call(ways.signup, { body });
export const signout = (api: ApiClient, token: string) => api.call(ways.signout, { query: { userToken: token } });
export const getCurrentUser = (api: ApiClient) => api.call(ways.current);
export const listFavorites = async (api: ApiClient, cursor?: string) =>
  packedCards(await api.call(people.favorites, { query: { cursor } }));

/** 编辑资料 and 账号. */
export const updateProfile = (api: ApiClient, body: BodyOf<typeof account.profile>) =>
  api.call(account.profile, { body });
export const setAvatar = (api: ApiClient, body: FormData) => api.call(account.avatar, { body });
export const setRightsDefaults = (api: ApiClient, body: BodyOf<typeof account.rightsDefaults>) =>
  api.call(account.rightsDefaults, { body });
export const changeAccount = <W extends "username" | "email" | "password">(
  api: ApiClient,
  what: W,
  body: BodyOf<(typeof account)[W]>,
) => api.call(account[what] as (typeof account)["username"], { body: body as BodyOf<typeof account.username> });
export const listSessions = (api: ApiClient) => api.call(account.sessions);
export const endSessions = (api: ApiClient, sessionId?: number) =>
  api.call(account.endSessions, { body: { sessionId } });
export const getMailChoices = (api: ApiClient) => api.call(account.mailChoices);
export const saveMailChoices = (api: ApiClient, body: BodyOf<typeof account.saveMailChoices>) =>
  api.call(account.saveMailChoices, { body });
export const getTaste = (api: ApiClient) => api.call(account.taste);
export const saveTaste = (api: ApiClient, body: BodyOf<typeof account.saveTaste>) =>
  api.call(account.saveTaste, { body });
/** 访问令牌 (contract/account/tokens.ts). */
export const listTokens = (api: ApiClient) => api.call(account.tokens);
export const createToken = (api: ApiClient, body: BodyOf<typeof account.createToken>) =>
  api.call(account.createToken, { body });
export const revokeToken = (api: ApiClient, id: number) => api.call(account.revokeToken, { params: { id } });
