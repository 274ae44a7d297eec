const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const isDomain = (text: string) => DOMAIN.test(text);

/** The domains of the admin's trusted list (one a line, or separated by commas), lower case. */
export const domainLines = (text: string) =>
  text
    .split(/[\s,，]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/**
 * Links in what members write that leave the site go through /redirect, which names the address and asks before
 * leaving (app/routes/pages/redirect.tsx): a link's text can say one place and go to another. Only http(s) leaves;
 * anything else (a path on this site, an anchor) stays as it is.
 */
export function outboundHref(href: string): string {
  return /^https?:\/\//i.test(href) ? `/redirect?url=${encodeURIComponent(href)}` : href;
}

/** The address /redirect may lead to: an absolute http(s) URL, else null. */
export function leavingTo(raw: string | null): URL | null {
  if (!raw || raw.length > 2000) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    // A user and password before the host (https://www.taobao.com.login-check@evil.example/) only make an address read
    // as another site's: they are dropped, and the host is shown on its own.
    url.username = "";
    url.password = "";
    return url;
  } catch {
    return null;
  }
}

/** Whether a host is one of the admin's trusted domains (or under one), or this site's own. */
export function isTrustedHost(host: string, trustedDomains: string, siteHost: string): boolean {
  const h = host.toLowerCase();
  if (h === siteHost.toLowerCase()) return true;
  return domainLines(trustedDomains).some((d) => h === d || h.endsWith(`.${d}`));
}
