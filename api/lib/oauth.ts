import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError, generateCodeVerifier } from "arctic";
import { oauthProviders, type OAuthProvider } from "../../contract/signin/ways-in.ts";
import {
  OAuthDown,
  OAuthRefused,
  providers,
  type OAuthProfile,
  type OAuthSettings,
  type ProviderKeys,
  type Read,
  type TokenData,
} from "./oauth-providers.ts";

export { OAuthDown, OAuthRefused, type OAuthProfile, type OAuthSettings, type ProviderKeys };

/**
 * Third-party sign-in over OAuth 2.0 with arctic's client: one code path for every provider in
 * api/lib/oauth-providers.ts. GitHub gets PKCE (S256); the others do not support it and take the client secret as a
 * parameter, as their documentation shows; WeChat starts and trades its code its own way.
 */
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
  if (p.authorizeUrl) return { url: p.authorizeUrl(at(p.authorize, keys), keys, redirectUri, state), verifier: "" };
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
  const read = reader(provider, keys);
  const tokens = p.exchange
    ? await p.exchange(read, keys, code)
    : await tokenOf(provider, keys, redirectUri, code, verifier);
  const profile = await p.profile(read, tokens, keys);
  if (!profile.id) throw new OAuthRefused(`${provider}: no user id`);
  return profile;
}

async function tokenOf(
  provider: OAuthProvider,
  keys: ProviderKeys,
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<TokenData> {
  const p = providers[provider];
  const tokenUrl = at(p.token, keys);
  for (const [k, v] of Object.entries(p.tokenQuery ?? {})) tokenUrl.searchParams.set(k, v);
  if (p.secretInQuery) tokenUrl.searchParams.set("client_secret", keys.clientSecret);
  const client = new OAuth2Client(keys.clientId, p.secretInQuery ? null : keys.clientSecret, redirectUri);
  try {
    const t = await inTime(
      client.validateAuthorizationCode(tokenUrl.href, code, verifier || null),
      provider,
      keys.timeoutMs ?? TIMEOUT_MS,
    );
    return { accessToken: t.accessToken(), data: t.data as Record<string, unknown> };
  } catch (err) {
    if (err instanceof OAuthDown) throw err;
    if (err instanceof ArcticFetchError) throw new OAuthDown(`${provider}: ${String(err.cause ?? err)}`);
    if (err instanceof OAuth2RequestError) throw new OAuthRefused(`${provider}: ${err.code}`);
    throw new OAuthRefused(`${provider}: ${String(err)}`);
  }
}

function reader(provider: OAuthProvider, keys: ProviderKeys): Read {
  return async (url, init = {}) => {
    let res: Response;
    let body: Record<string, unknown> | null;
    try {
      res = await fetch(at(url, keys), {
        ...init,
        headers: { "User-Agent": "yishe", ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(keys.timeoutMs ?? TIMEOUT_MS),
      });
      if (!res.ok) throw new OAuthRefused(`${provider}: ${new URL(url).pathname} ${res.status}`);
      // WeChat answers JSON as text/plain: read the text, whatever the type says.
      body = JSON.parse(await res.text()) as Record<string, unknown> | null;
    } catch (err) {
      if (err instanceof OAuthRefused) throw err;
      if (err instanceof SyntaxError) throw new OAuthRefused(`${provider}: answer is not JSON`);
      throw new OAuthDown(`${provider}: ${String(err)}`);
    }
    if (!body || typeof body !== "object") throw new OAuthRefused(`${provider}: answer is not JSON`);
    return body;
  };
}
