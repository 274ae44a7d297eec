/**
 * Return paths (spec §2 `ref`, the theme form's `redirectTo`): the one decision of what may be redirected to.
 * Only a path on this site, read the way a browser reads it: the URL parser drops tabs and newlines and turns
 * backslashes into slashes, so "/\t/evil.example" is "//evil.example", another site, and is refused. What is
 * returned is the parsed path, so no control character ever reaches a Location header.
 */
const BASE = "http://return.invalid";

export function safeRef(ref: string | null | undefined, fallback = "/"): string {
  if (!ref || !ref.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(ref, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = pagePath(url);
  if (path.startsWith("/user/signin") || path.startsWith("/user/signout")) return fallback;
  return path + url.hash;
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
