import { stringifySetCookie } from "cookie";
import { isTheme, type Theme } from "./theme.ts";
import { isHttps, readCookies, THEME_COOKIE, TOKEN_COOKIE } from "../../contract/shared/request.ts";

export {
  FLASH_COOKIE,
  isHttps,
  readCookies,
  readToken,
  THEME_COOKIE,
  TOKEN_COOKIE,
} from "../../contract/shared/request.ts";

export function readTheme(request: Request): Theme {
  const value = readCookies(request)[THEME_COOKIE];
  return isTheme(value) ? value : "system";
}

/** requirements §9: the token lives tokenExpireDays × 86400 seconds, on path /; HttpOnly and SameSite=Lax keep it from scripts and other sites. */
export function tokenCookie(request: Request, token: string, tokenExpireDays: number): string {
  return stringifySetCookie({
    name: TOKEN_COOKIE,
    value: token,
    path: "/",
    maxAge: tokenExpireDays * 86400,
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
  });
}

export function clearTokenCookie(request: Request): string {
  return stringifySetCookie({
    name: TOKEN_COOKIE,
    value: "",
    path: "/",
    maxAge: 0,
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
  });
}

export function themeCookie(theme: Theme): string {
  return stringifySetCookie({ name: THEME_COOKIE, value: theme, path: "/", maxAge: 365 * 86400, sameSite: "lax" });
}

/**
 * The OAuth state of a sign-in this browser began, for ten minutes: the return must bring the same, or someone
 * else's authorization is being slipped into this browser. Lax, so it comes back with the provider's redirect.
 */
export function oauthStateCookie(request: Request, provider: string, state: string | null): string {
  return stringifySetCookie({
    name: `oauth_${provider}`,
    value: state ?? "",
    path: "/user",
    maxAge: state ? 600 : 0,
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
  });
}

export const readOAuthState = (request: Request, provider: string) => readCookies(request)[`oauth_${provider}`] || null;
