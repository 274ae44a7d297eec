import type { OAuthProvider } from "../../contract/signin/ways-in.ts";

/**
 * The providers of third-party sign-in, each a row of endpoints and a reader of its user profile (api/lib/oauth.ts
 * runs them). Most speak OAuth 2.0 through arctic's client; WeChat's open platform names its parameters its own way
 * (appid, secret, a GET for the token, errors as errcode in a 200 answer), so it brings its own start and exchange.
 */
export type ProviderKeys = {
  clientId: string;
  clientSecret: string;
  /** Another origin in place of the provider's hosts (paths kept): a local OAuth server in the tests. */
  server?: string | null;
  /** How long to wait for each of the provider's answers; 8 s unless given. */
  timeoutMs?: number;
};
export type OAuthSettings = Partial<Record<OAuthProvider, ProviderKeys>>;

/** Who the provider says signed in. */
export type OAuthProfile = { id: string; name: string; login: string };

export class OAuthDown extends Error {}
export class OAuthRefused extends Error {}

export type Endpoints = {
  authorize: string;
  token: string;
  user: string;
  scopes: string[];
  pkce: boolean;
  /** The secret goes in the token request's parameters rather than Basic authentication. */
  secretInQuery: boolean;
  tokenQuery?: Record<string, string>;
  profile(read: Read, tokens: TokenData, keys: ProviderKeys): Promise<OAuthProfile>;
  /** In place of the OAuth 2.0 authorization address arctic writes. */
  authorizeUrl?(endpoint: URL, keys: ProviderKeys, redirectUri: string, state: string): string;
  /** In place of arctic's token request. */
  exchange?(read: Read, keys: ProviderKeys, code: string): Promise<TokenData>;
};
export type TokenData = { accessToken: string; data: Record<string, unknown> };
/** GETs (or sends `init`) through the provider's moved host; JSON back, OAuthDown or OAuthRefused otherwise. */
export type Read = (url: string, init?: RequestInit) => Promise<Record<string, unknown>>;

export const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

export const providers: Record<OAuthProvider, Endpoints> = {
  github: {
    authorize: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    user: "https://api.github.com/user",
    scopes: ["read:user"],
    pkce: true,
    secretInQuery: false,
    async profile(read, tokens) {
      const u = await read(this.user, {
        headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: "application/vnd.github+json" },
      });
      return { id: str(u.id), login: str(u.login), name: str(u.name) || str(u.login) };
    },
  },
  osc: {
    authorize: "https://www.oschina.net/action/oauth2/authorize",
    token: "https://www.oschina.net/action/openapi/token",
    user: "https://www.oschina.net/action/openapi/user",
    scopes: [],
    pkce: false,
    secretInQuery: true,
    tokenQuery: { dataType: "json" },
    async profile(read, tokens) {
      const url = new URL(this.user);
      url.searchParams.set("access_token", tokens.accessToken);
      url.searchParams.set("dataType", "json");
      const u = await read(url.href);
      return { id: str(u.id), login: "", name: str(u.name) };
    },
  },
  qq: {
    authorize: "https://graph.qq.com/oauth2.0/authorize",
    token: "https://graph.qq.com/oauth2.0/token",
    user: "https://graph.qq.com/user/get_user_info",
    scopes: ["get_user_info"],
    pkce: false,
    secretInQuery: true,
    // JSON rather than a query string, and the openid along with the token (no second round trip to /me).
    tokenQuery: { fmt: "json", need_openid: "1" },
    async profile(read, tokens, keys) {
      const openid = str(tokens.data.openid);
      if (!openid) throw new OAuthRefused("qq: no openid");
      const url = new URL(this.user);
      url.searchParams.set("access_token", tokens.accessToken);
      url.searchParams.set("oauth_consumer_key", keys.clientId);
      url.searchParams.set("openid", openid);
      const u = await read(url.href);
      if (u.ret !== undefined && Number(u.ret) !== 0) throw new OAuthRefused(`qq: ${str(u.msg)}`);
      return { id: openid, login: "", name: str(u.nickname) };
    },
  },
  wechat: {
    // 网站应用微信登录: the browser shows WeChat's QR code; the phone that scans it confirms.
    authorize: "https://open.weixin.qq.com/connect/qrconnect",
    token: "https://api.weixin.qq.com/sns/oauth2/access_token",
    user: "https://api.weixin.qq.com/sns/userinfo",
    scopes: ["snsapi_login"],
    pkce: false,
    secretInQuery: true,
    authorizeUrl(endpoint, keys, redirectUri, state) {
      const query = { appid: keys.clientId, redirect_uri: redirectUri, response_type: "code", scope: "snsapi_login" };
      endpoint.search = new URLSearchParams({ ...query, state }).toString();
      return `${endpoint.href}#wechat_redirect`;
    },
    async exchange(read, keys, code) {
      const url = new URL(this.token);
      const query = { appid: keys.clientId, secret: keys.clientSecret, code, grant_type: "authorization_code" };
      url.search = new URLSearchParams(query).toString();
      const t = wechatAnswer(await read(url.href));
      if (!str(t.access_token) || !str(t.openid)) throw new OAuthRefused("wechat: no access_token or openid");
      return { accessToken: str(t.access_token), data: t };
    },
    async profile(read, tokens) {
      const url = new URL(this.user);
      url.searchParams.set("access_token", tokens.accessToken);
      url.searchParams.set("openid", str(tokens.data.openid));
      const u = wechatAnswer(await read(url.href));
      // The unionid is the same person across the operator's WeChat apps; the openid only within this one.
      return { id: str(tokens.data.unionid) || str(tokens.data.openid), login: "", name: str(u.nickname) };
    },
  },
  weibo: {
    authorize: "https://api.weibo.com/oauth2/authorize",
    token: "https://api.weibo.com/oauth2/access_token",
    user: "https://api.weibo.com/2/users/show.json",
    scopes: [],
    pkce: false,
    secretInQuery: true,
    async profile(read, tokens) {
      const uid = str(tokens.data.uid);
      if (!uid) throw new OAuthRefused("weibo: no uid");
      const url = new URL(this.user);
      url.searchParams.set("access_token", tokens.accessToken);
      url.searchParams.set("uid", uid);
      const u = await read(url.href);
      if (u.error_code !== undefined) throw new OAuthRefused(`weibo: ${str(u.error_code)} ${str(u.error)}`);
      return { id: uid, login: "", name: str(u.screen_name) };
    },
  },
};

/** WeChat answers 200 to a refusal too, with an errcode. */
function wechatAnswer(body: Record<string, unknown>) {
  if (body.errcode !== undefined && Number(body.errcode) !== 0)
    throw new OAuthRefused(`wechat: ${str(body.errcode)} ${str(body.errmsg)}`);
  return body;
}
