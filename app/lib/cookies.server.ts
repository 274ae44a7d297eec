import { parseCookie, stringifySetCookie } from "cookie";
import { isTheme, type Theme } from "./theme.ts";

export const TOKEN_COOKIE = "token";
export const THEME_COOKIE = "theme";
export const FLASH_COOKIE = "flash";

export function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookie(request.headers.get("cookie") ?? "");
}

export function readToken(request: Request): string | null {
  return readCookies(request)[TOKEN_COOKIE] || null;
}

export function readTheme(request: Request): Theme {
  const value = readCookies(request)[THEME_COOKIE];
  return isTheme(value) ? value : "system";
}

/**
 * Whether the browser used HTTPS. Behind a trusted proxy server.ts has already rebuilt the URL from
 * X-Forwarded-Proto; from anyone else that header means nothing.
 */
export function isHttps(request: Request): boolean {
  return request.url.startsWith("https:");
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
