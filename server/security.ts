import { randomBytes } from "node:crypto";
import type { Context, Next } from "hono";
import { isHttps } from "./proxy.ts";

/** A fresh nonce for each page: React Router's inline scripts carry it, and nothing else may run inline. */
export const newNonce = () => randomBytes(16).toString("base64url");

/**
 * The Content-Security-Policy of a page. Scripts: this site's files and the page's own nonce, never inline code
 * or eval. Styles may be inline (lightgallery and React set style attributes). Pictures may come from https
 * sources, because Markdown articles embed them.
 */
export function pagePolicy(nonce: string, options: { https: boolean; dev: boolean }): string {
  const script = options.dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
  const rules = [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) rules.push("upgrade-insecure-requests");
  return rules.join("; ");
}

/** Anything that is not a page (JSON, media, scripts as files): nothing in it may run or be framed. */
const RESOURCE_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
/** The service worker's own policy governs what it may fetch: this site only. */
const WORKER_POLICY = "default-src 'self'; frame-ancestors 'none'";

export type SecurityVariables = { nonce: string };

/** Sets the security headers on every answer: pages, /api, /uploads, assets and the service worker alike. */
export function securityHeaders(options: { dev: boolean }) {
  return async (c: Context<{ Variables: SecurityVariables }>, next: Next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    const https = isHttps(c.req.raw);
    const type = c.res.headers.get("content-type") ?? "";
    const policy = type.includes("text/html")
      ? pagePolicy(nonce, { https, dev: options.dev })
      : c.req.path === "/sw.js"
        ? WORKER_POLICY
        : RESOURCE_POLICY;
    const headers: [string, string][] = [
      ["Content-Security-Policy", policy],
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["X-Frame-Options", "DENY"],
      ["Cross-Origin-Opener-Policy", "same-origin"],
    ];
    if (https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
    let res = c.res;
    try {
      for (const [k, v] of headers) res.headers.set(k, v);
    } catch {
      // A response passed on from fetch() has immutable headers: copy it once.
      res = new Response(res.body, res);
      for (const [k, v] of headers) res.headers.set(k, v);
      c.res = res;
    }
  };
}
