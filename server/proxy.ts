/**
 * Who is asking, and at which address they think the site is. Behind a reverse proxy the socket belongs to the
 * proxy and the URL says http://internal-host; the proxy's X-Forwarded-* headers tell the truth, but only a proxy
 * we were told to trust (TRUST_PROXY) may say so: from anyone else the same headers are ignored.
 */

/** The header the site sets on every request for the API and the web: the client's address as decided here. */
export const CLIENT_IP_HEADER = "x-client-ip";

const first = (value: string | null) => value?.split(",")[0]?.trim() || null;
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The client's address: the socket's, or with `hops` trusted proxies, the entry they appended to X-Forwarded-For. */
export function clientIp(request: Request, socketIp: string, hops: number): string {
  if (hops <= 0) return socketIp;
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - hops] ?? chain[0] ?? socketIp;
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
 * The request as the rest of the site sees it: its public URL and one trusted client address in X-Client-IP and
 * X-Forwarded-For (so an API process behind this one, trusting it, reads the same address). The headers are
 * changed in place; a new Request is built only when a trusted proxy changes the URL.
 */
export function behindProxy(request: Request, socketIp: string, hops: number): Request {
  const ip = clientIp(request, socketIp, hops);
  const url = publicUrl(request, hops);
  const headers = request.headers;
  headers.set(CLIENT_IP_HEADER, ip);
  if (ip) headers.set("x-forwarded-for", ip);
  else headers.delete("x-forwarded-for");
  if (url === request.url) return request;
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: request.signal, redirect: request.redirect };
  if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}

export const isHttps = (request: Request) => request.url.startsWith("https:");
