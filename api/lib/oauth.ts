import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError, generateCodeVerifier } from "arctic";
import { oauthProviders, type OAuthProvider } from "../../contract/signin/ways-in.ts";

/**
 * Third-party sign-in over OAuth 2.0 with arctic's client: one code path for GitHub, OSChina and QQ, each a row
 * of endpoints and a reader of its user profile. GitHub gets PKCE (S256); OSChina and QQ do not support it and
 * take the client secret as a parameter, as their documentation shows.
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

type Endpoints = {
  authorize: string;
  token: string;
  user: string;
  scopes: string[];
  pkce: boolean;
  /** The secret goes in the token request's parameters rather than Basic authentication. */
  secretInQuery: boolean;
  tokenQuery?: Record<string, string>;
  profile(
    read: (url: string, init?: RequestInit) => Promise<Record<string, unknown>>,
    tokens: TokenData,
    keys: ProviderKeys,
  ): Promise<OAuthProfile>;
};
type TokenData = { accessToken: string; data: Record<string, unknown> };

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

const providers: Record<OAuthProvider, Endpoints> = {
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
};

/** Where the configured providers' sign-in pages are: a form that links one is redirected there (CSP form-action). */
export function authorizeOrigins(settings: OAuthSettings): string[] {
  return configuredProviders(settings).map((p) => at(providers[p].authorize, settings[p]!).origin);
}

/** The providers whose client id and secret are set, in the page's order. */
export function configuredProviders(settings: OAuthSettings): OAuthProvider[] {
  return oauthProviders.filter((p) => settings[p]?.clientId && settings[p]?.clientSecret);
}

const at = (url: string, keys: ProviderKeys) => {
  if (!keys.server) return new URL(url);
  const moved = new URL(url);
  const server = new URL(keys.server);
  moved.protocol = server.protocol;
  moved.host = server.host;
  return moved;
};

/** Where to send the browser; `verifier` is null for providers without PKCE. */
export function authorizationUrl(
  provider: OAuthProvider,
  keys: ProviderKeys,
  redirectUri: string,
  state: string,
): { url: string; verifier: string } {
  const p = providers[provider];
  const client = new OAuth2Client(keys.clientId, keys.clientSecret, redirectUri);
  const endpoint = at(p.authorize, keys).href;
  if (!p.pkce) return { url: client.createAuthorizationURL(endpoint, state, p.scopes).href, verifier: "" };
  const verifier = generateCodeVerifier();
  const url = client.createAuthorizationURLWithPKCE(endpoint, state, CodeChallengeMethod.S256, verifier, p.scopes);
  return { url: url.href, verifier };
}

const TIMEOUT_MS = 8000;

/** arctic's token request takes no signal: a provider that never answers is given up on here instead. */
function inTime<T>(work: Promise<T>, provider: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OAuthDown(`${provider}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Trades the code for a token and reads who it belongs to. OAuthDown: unreachable; OAuthRefused: said no. */
export async function fetchProfile(
  provider: OAuthProvider,
  keys: ProviderKeys,
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<OAuthProfile> {
  const p = providers[provider];
  const tokenUrl = at(p.token, keys);
  for (const [k, v] of Object.entries(p.tokenQuery ?? {})) tokenUrl.searchParams.set(k, v);
  if (p.secretInQuery) tokenUrl.searchParams.set("client_secret", keys.clientSecret);
  const client = new OAuth2Client(keys.clientId, p.secretInQuery ? null : keys.clientSecret, redirectUri);
  let tokens: TokenData;
  try {
    const t = await inTime(
      client.validateAuthorizationCode(tokenUrl.href, code, verifier || null),
      provider,
      keys.timeoutMs ?? TIMEOUT_MS,
    );
    tokens = { accessToken: t.accessToken(), data: t.data as Record<string, unknown> };
  } catch (err) {
    if (err instanceof OAuthDown) throw err;
    if (err instanceof ArcticFetchError) throw new OAuthDown(`${provider}: ${String(err.cause ?? err)}`);
    if (err instanceof OAuth2RequestError) throw new OAuthRefused(`${provider}: ${err.code}`);
    throw new OAuthRefused(`${provider}: ${String(err)}`);
  }
  const read = async (url: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await fetch(at(url, keys), {
        ...init,
        headers: { "User-Agent": "yishe", ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(keys.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (err) {
      throw new OAuthDown(`${provider}: ${String(err)}`);
    }
    if (!res.ok) throw new OAuthRefused(`${provider}: profile ${res.status}`);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") throw new OAuthRefused(`${provider}: profile is not JSON`);
    return body;
  };
  const profile = await p.profile(read, tokens, keys);
  if (!profile.id) throw new OAuthRefused(`${provider}: no user id`);
  return profile;
}
