import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Context, Next } from "hono";
import { isHttps, readToken } from "../contract/shared/request.ts";

// Nonces are cut from a pool of random bytes refilled 256 at a time (one call to the system's generator each).
const pool = Buffer.alloc(16 * 256);
let used = pool.length;

/** A fresh nonce for each page: React Router's inline scripts carry it, and nothing else may run inline. */
export function newNonce(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.toString("base64url", used - 16, used);
}

/**
 * The Content-Security-Policy of a page. Scripts: this site's files and the page's own nonce, never inline code
 * or eval. Styles may be inline (lightgallery and React set style attributes). Pictures may come from https
 * sources, because Markdown articles embed them.
 */
export function pagePolicy(
  nonce: string,
  options: {
    https: boolean;
    dev: boolean;
    formTargets?: readonly string[];
    mediaOrigin?: string | null;
    /** Where the browser sends its error reports (SENTRY_DSN's origin). */
    reportsOrigin?: string | null;
  },
): string {
  const media = options.mediaOrigin ? ` ${options.mediaOrigin}` : "";
  const reports = options.reportsOrigin ? ` ${options.reportsOrigin}` : "";
  const script = options.dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
  const rules = [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    // Stored media may live at the store's own address (S3_PUBLIC_URL).
    `img-src 'self' data: blob: https:${media}`,
    `media-src 'self' blob:${media}`,
    "font-src 'self' data:",
    `connect-src 'self'${reports}${options.dev ? " ws: wss:" : ""}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post here, or (binding a third-party account) are redirected on to the provider's sign-in page.
    `form-action 'self'${(options.formTargets ?? []).map((o) => ` ${o}`).join("")}`,
    "frame-ancestors 'none'",
  ];
  if (options.https) rules.push("upgrade-insecure-requests");
  return rules.join("; ");
}

/** Anything that is not a page (JSON, media, scripts as files): nothing in it may run or be framed. */
const RESOURCE_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
/** The service worker's own policy governs what it may fetch: this site only. */
const WORKER_POLICY = "default-src 'self'; frame-ancestors 'none'";

/** What the Node server gives each request beside it: the client's address, and its own response object. */
export type SiteEnv = {
  Bindings: { ip: string; outgoing?: ServerResponse };
  Variables: { nonce: string };
};

/** Whether an answer is a page (pages get the nonce policy), from its path: reading a response's own headers would slow every answer down. */
const isResource = (pathname: string) =>
  /^\/(api|uploads|assets|icons)\//.test(pathname) || STATIC_FILES.has(pathname) || pathname === "/sw.js";

export const STATIC_FILES = new Set(["/favicon.svg", "/manifest.webmanifest"]);

/**
 * Sets the security headers on every answer: pages, /api, /uploads, assets and the service worker alike. Under
 * Node they go straight onto the outgoing response (so @hono/node-server keeps its fast path); elsewhere (tests,
 * other runtimes) onto the Response.
 */
export function securityHeaders(options: {
  dev: boolean;
  formTargets?: readonly string[];
  mediaOrigin?: string | null;
  reportsOrigin?: string | null;
}) {
  return async (c: Context<SiteEnv>, next: Next) => {
    const https = isHttps(c.req.raw);
    const headers: [string, string][] = [
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ];
    if (isResource(c.req.path))
      headers.push(["Content-Security-Policy", c.req.path === "/sw.js" ? WORKER_POLICY : RESOURCE_POLICY]);
    else {
      const nonce = newNonce();
      c.set("nonce", nonce);
      headers.push(
        ["Content-Security-Policy", pagePolicy(nonce, { https, ...options })],
        ["X-Frame-Options", "DENY"],
        ["Cross-Origin-Opener-Policy", "same-origin"],
      );
    }
    if (https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
    // API answers, and pages drawn for someone signed in, hold private data: no browser or proxy keeps them, so Back
    // after signing out shows nothing of them. A route that says otherwise (media, assets) is left as it says.
    const privateAnswer = c.req.path.startsWith("/api/") || (!isResource(c.req.path) && readToken(c.req.raw) !== null);
    const outgoing = c.env?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      for (const [k, v] of headers) outgoing.setHeader(k, v);
      // The answer's own Cache-Control, when it has one, replaces this when the head is written.
      if (privateAnswer) outgoing.setHeader("Cache-Control", "no-store");
      await next();
      // A 304's headers replace the browser's kept ones: the page it holds names its own nonce, so no policy is sent.
      if (c.res.status === 304) outgoing.removeHeader("Content-Security-Policy");
      return;
    }
    await next();
    let res = c.res;
    const set = () => {
      for (const [k, v] of headers) if (res.status !== 304 || k !== "Content-Security-Policy") res.headers.set(k, v);
      if (privateAnswer && !res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
    };
    try {
      set();
    } catch {
      // A response passed on from fetch() has immutable headers: copy it once.
      res = new Response(res.body, res);
      set();
      c.res = res;
    }
  };
}
