import { parseCookie } from "cookie";

/**
 * What a request carries that both the process's front (server/) and the pages (app/) read: the cookies' names,
 * the signed-in token, whether the browser used HTTPS, and the mark of a page every visitor may be served again.
 */
export const TOKEN_COOKIE = "token";
export const THEME_COOKIE = "theme";
export const FLASH_COOKIE = "flash";

export function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookie(request.headers.get("cookie") ?? "");
}

export function readToken(request: Request): string | null {
  return readCookies(request)[TOKEN_COOKIE] || null;
}

/**
 * Whether the browser used HTTPS. Behind a trusted proxy server.ts has already rebuilt the URL from
 * X-Forwarded-Proto; from anyone else that header means nothing.
 */
export function isHttps(request: Request): boolean {
  return request.url.startsWith("https:");
}

/**
 * How a page says it reads the same for every visitor (no session, no toast), and for how many seconds at most, so
 * server/speed/stored-pages may store it until something it shows changes. The store keeps only answers carrying
 * the mark, and takes it off (and the view's) before they leave.
 */
export const VISITOR_CACHE_HEADER = "x-visitor-cache";
/** A work page's work: a person's visit to it, served stored, is counted as the render would have. */
export const PAGE_VIEW_HEADER = "x-page-view";
