/**
 * Who is asking, and at which address they think the site is. Behind a reverse proxy the socket belongs to the
 * proxy and the URL says http://internal-host; the proxy's X-Forwarded-* headers tell the truth, but only a proxy
 * we were told to trust (TRUST_PROXY) may say so: from anyone else the same headers are ignored.
 */

const first = (value: string | null) => value?.split(",")[0]?.trim() || null;
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * An address as people write it: an IPv4 client on a dual-stack socket arrives as "::ffff:203.0.113.9", which
 * sign-in records and sessions would show, and limits would count apart from "203.0.113.9".
 */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** The client's address: the socket's, or with `hops` trusted proxies, the entry they appended to X-Forwarded-For. */
export function clientIp(request: Request, socketIp: string, hops: number): string {
  if (hops <= 0) return plainIp(socketIp);
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return plainIp(chain[chain.length - hops] ?? chain[0] ?? socketIp);
}

/** The URL the browser used: from X-Forwarded-Proto and -Host when a proxy is trusted, else the request's own. */
export function publicUrl(request: Request, hops: number): string {
  if (hops <= 0) return request.url;
  const proto = first(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const host = first(request.headers.get("x-forwarded-host"));
  if (!proto && !host) return request.url;
  const url = new URL(request.url);
  if (proto === "http" || proto === "https") url.protocol = proto;
  if (host && HOST.test(host)) {
    // Setting host without a port would keep the internal one.
    const parsed = new URL(`http://${host}`);
    url.hostname = parsed.hostname;
    url.port = parsed.port;
  } else if (proto) url.port = "";
  return url.href;
}

/**
 * The request as the rest of the site sees it, and who sent it. The request is rebuilt only when a trusted proxy
 * changes its URL; the address travels beside it (Hono's env, the web context), never in a header a client could
 * have written.
 */
export function behindProxy(request: Request, socketIp: string, hops: number): { request: Request; ip: string } {
  const ip = clientIp(request, socketIp, hops);
  if (hops <= 0) return { request, ip };
  const url = publicUrl(request, hops);
  if (url === request.url) return { request, ip };
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
  };
  if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return { request: new Request(url, init), ip };
}
