/**
 * Return paths (requirements §2 `ref`, the theme form's `redirectTo`, a reported page): the one decision of what may be
 * redirected or linked to. Only a path on this site, read the way a browser reads it: the URL parser drops tabs and
 * newlines, turns backslashes into slashes and removes dot segments, so "/\t/evil.example" and "/.//evil.example"
 * both become "//evil.example", another site. The check is made on what the parser returns, and that is what is
 * used, so no control character ever reaches a Location header.
 */
const BASE = "http://return.invalid";

/** The path (with query and hash) a reference names on this site, as a browser would resolve it; null if none. */
export function sitePath(ref: string | null | undefined): string | null {
  if (!ref || !ref.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(ref, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = pagePath(url) + url.hash;
  // Parsed once more, as the browser will parse the Location header: "//host" names another site.
  if (!path.startsWith("/") || path.startsWith("//") || new URL(path, BASE).origin !== BASE) return null;
  return path;
}

export function safeRef(ref: string | null | undefined, fallback = "/"): string {
  const path = sitePath(ref);
  if (!path || path.startsWith("/user/signin") || path.startsWith("/user/signout")) return fallback;
  return path;
}

/** The page a path is for: a client-side request goes to `/path.data`, the root's to `/_root.data`. */
export function pagePathname(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
}

/**
 * The address of the page a request is for. During a client-side navigation a loader's request is the data
 * request (`/art/create.data?_routes=…`); the page is `/art/create`.
 */
export function pagePath(url: string | URL): string {
  const u = new URL(url);
  const pathname = pagePathname(u.pathname);
  const params = new URLSearchParams(u.search);
  params.delete("_routes");
  const search = params.toString();
  return pathname + (search ? `?${search}` : "");
}

/** The sign-in page, with the way back. */
export function signinPath(ref: string): string {
  return `/user/signin?ref=${encodeURIComponent(ref)}`;
}

/** The 举报 form for a work, comment or person, returning to `from` once sent. */
export function reportPath(target: "work" | "comment" | "user", id: number, from: string): string {
  return `/report?target=${target}&id=${id}&from=${encodeURIComponent(from)}`;
}

/** 版权申诉: the 举报 form for a work with 侵犯版权 chosen, and the original filled in when it is known. */
export function claimPath(id: number, from: string, original = ""): string {
  return `${reportPath("work", id, from)}&reason=copyright${original ? `&original=${encodeURIComponent(original)}` : ""}`;
}
