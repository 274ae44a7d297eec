/**
 * The page to return to after sign-in (SPEC §2 `ref`). Only paths on this site are accepted, so a crafted link
 * cannot send someone elsewhere; anything else returns to the home page.
 */
export function safeRef(ref: string | null | undefined, fallback = "/"): string {
  if (!ref || !ref.startsWith("/") || ref.startsWith("//") || ref.startsWith("/\\")) return fallback;
  if (ref.startsWith("/user/signin") || ref.startsWith("/user/signout")) return fallback;
  return ref;
}

export function signinPath(ref: string): string {
  return `/user/signin?ref=${encodeURIComponent(ref)}`;
}

/** The path and query of a URL, which is what `ref` carries. */
export function pathOf(url: string | URL): string {
  const u = typeof url === "string" ? new URL(url) : url;
  return u.pathname + u.search;
}
