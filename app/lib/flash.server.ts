import { stringifySetCookie } from "cookie";
import { FLASH_COOKIE, readCookies } from "./cookies.server.ts";

/** A message for the next page a user sees (after a redirect), carried in a short-lived cookie. */
/** A message for the next page; `stay`: an outcome to act on, kept on the page rather than a passing toast. */
export type Flash = { kind: "success" | "error"; text: string; id?: number; stay?: boolean };

export function flashCookie(flash: Flash): string {
  return stringifySetCookie({
    name: FLASH_COOKIE,
    value: encodeURIComponent(JSON.stringify({ ...flash, id: flash.id ?? Date.now() })),
    path: "/",
    maxAge: 60,
    httpOnly: true,
    sameSite: "lax",
  });
}

/** A flash waiting means this request is the redirect after one of our own form posts. */
export const hasFlash = (request: Request) => !!readCookies(request)[FLASH_COOKIE];

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const raw = readCookies(request)[FLASH_COOKIE];
  if (!raw) return { flash: null, clear: null };
  const clear = stringifySetCookie({
    name: FLASH_COOKIE,
    value: "",
    path: "/",
    maxAge: 0,
    httpOnly: true,
    sameSite: "lax",
  });
  try {
    const value = JSON.parse(decodeURIComponent(raw));
    if ((value.kind === "success" || value.kind === "error") && typeof value.text === "string") {
      const flash: Flash = { kind: value.kind, text: value.text.slice(0, 200), id: Number(value.id) || 0 };
      if (value.stay === true) flash.stay = true;
      return { flash, clear };
    }
  } catch {
    // a damaged cookie is simply dropped
  }
  return { flash: null, clear };
}
