import type { Context, Next } from "hono";
import { megabytes, requestLimits } from "../contract/shared/limits.ts";
import { pagePath, pagePathname, safeRef, signinPath } from "../contract/shared/return-path.ts";
import { readToken } from "../contract/shared/request.ts";
import { spoolBody } from "./spool.ts";
import { byteSlots } from "../api/index.ts";
import { account, signin, uploads } from "../contract/endpoints.ts";
import { ErrorCode } from "../contract/shared/errors.ts";

/**
 * Checks on every request to the web: the method, where a post comes from, and how large its body is; of the API,
 * which answers the rest itself, only the posts to its file routes (who may send them, how many, where they wait).
 * Each refusal is a 4xx with a Chinese message, before any route reads a byte.
 */

/** The API's routes that take a file, and how large a post to each may be. */
const apiFiles = new Map<string, number>([
  [`/api${uploads.image.path}`, requestLimits.apiImage],
  [`/api${uploads.audio.path}`, requestLimits.apiAudio],
  [`/api${account.avatar.path}`, requestLimits.apiImage],
]);

/** Whether a post to this path may carry files: web forms that take them and the API's file routes. */
export const takesFiles = (pathname: string) => bodyLimitFor(pathname) > requestLimits.apiForm;

/** How large a post to each web route, or to the API's file routes, may be. */
export function bodyLimitFor(pathname: string): number {
  if (pathname.startsWith("/api/")) return apiFiles.get(pathname) ?? requestLimits.apiForm;
  const path = pagePathname(pathname);
  if (path === "/upload") return requestLimits.upload;
  if (path === "/user/background" || path === "/user/profile") return requestLimits.picture;
  if (path === "/art/create" || path.startsWith("/art/edit/")) return requestLimits.publish;
  // A commission's page takes its delivered pictures (交付) in the form itself.
  if (/^\/commissions\/\d+$/.test(path)) return requestLimits.publish;
  return requestLimits.form;
}

const page = (title: string, text: string, back: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1 style="color:#c0391e;font-size:1.25rem">${title}</h1><p>${text}</p><p><a href="${back}">返回</a></p></body></html>`;

const apiCodes = { 401: ErrorCode.notSignedIn, 413: ErrorCode.badRequest, 429: ErrorCode.tooManyRequests } as const;

/**
 * A refusal that reads well whoever asked: the API's envelope for an app, JSON for the uploader, a short page for a
 * browser's form post.
 */
function refuse(c: Context, status: 401 | 403 | 405 | 413 | 429, title: string, text: string) {
  if (c.req.path.startsWith("/api/")) {
    const errorCode = apiCodes[status as keyof typeof apiCodes] ?? ErrorCode.badRequest;
    return c.json({ success: false, errorCode, message: text, data: null }, status);
  }
  if (pagePathname(c.req.path) === "/upload" || c.req.path.endsWith(".data"))
    return c.json({ ok: false, error: text }, status);
  const back = pagePathname(c.req.path).replace(/[^\w/-]/g, "") || "/";
  return c.html(page(title, text, back), status);
}

/** Pages take GET, HEAD and POST; anything else is 405, not an error inside the router. */
export async function allowedMethods(c: Context, next: Next) {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "POST") return next();
  c.header("Allow", "GET, HEAD, POST");
  return refuse(c, 405, "不支持的请求方式", `此页面不接受 ${method.replace(/[^A-Z]/gi, "").slice(0, 10)} 请求。`);
}

/**
 * A post must come from this site: its Origin (or, from browsers that send none, Sec-Fetch-Site) must match. This
 * covers resource routes (/upload, /theme, /user/signout) that React Router's own check does not.
 */
export async function sameOrigin(c: Context, next: Next) {
  if (c.req.method !== "POST") return next();
  const origin = c.req.header("origin");
  const site = c.req.header("sec-fetch-site");
  const foreign =
    origin !== undefined
      ? origin !== new URL(c.req.url).origin
      : site !== undefined && site !== "same-origin" && site !== "none";
  if (foreign) return refuse(c, 403, "请求来源不被允许", "跨站提交已被拒绝，请在本站页面上操作。");
  return next();
}

/** Whether a token is a live session, asked of the API (in-process, or over HTTP for a web-only process). */
export function liveSession(apiFetch: (request: Request, clientIp: string) => Promise<Response>) {
  return async (credential: Credential) => {
    const headers: Record<string, string> =
      "bearer" in credential
        ? { Authorization: `Bearer ${credential.bearer}`, "X-Client": "web" }
        : { "X-User-Token": credential.token, "X-Client": "web" };
    const res = await apiFetch(new Request(`http://site.internal/api${signin.current.path}`, { headers }), "");
    return res.status === 200 && Boolean(((await res.json()) as { data?: unknown }).data);
  };
}

/**
 * Large bodies one client may send at once, and the bytes one process may be taking in at once (a body counts its
 * declared length, or its route's limit when it streams without one): what a crowd of uploads can cost on disk
 * while they arrive. Once in, they are handled in turns, `bytesAtWork` at once (api/lib/byte-slots.ts): an upload
 * is read into memory once, as it streams into the API, but a work's form posted without JavaScript up to three
 * times (the web's form, the form written again for the API, the API's copy), so 24 MB (one picture at the largest
 * allowed, or several phone photos) costs about 75 MB at most, however many arrived together; their pictures are then
 * drawn in turns of their own (api/lib/media.ts). A body larger than that is handled alone.
 */
export const largeBodies = { perClient: 2, bytesPerProcess: 128 * 1024 * 1024, bytesAtWork: 24 * 1024 * 1024 } as const;

/** The turns a process's large bodies are handled in, once each is on disk. */
export const largeBodyTurns = byteSlots(largeBodies.bytesAtWork);

/**
 * The routes that take more than a form (publishing, uploads, pictures) are for members only, so the session is
 * checked before a byte of the body is read: a stranger's 99 MB post costs a header, not 99 MB. `signedIn` asks the
 * API whether the token is a live session (not just present). Large bodies in flight are counted per client and per
 * process; past either cap the post is refused at once with 429.
 */
/** A member's session token, or a personal access token (`Authorization: Bearer`) a bot or an app sends. */
export type Credential = { token: string } | { bearer: string };

export function largeBodyGate(signedIn: (credential: Credential) => Promise<boolean>) {
  const byClient = new Map<string, number>();
  let reserved = 0;
  return async (c: Context<{ Bindings: { ip?: string } }>, next: Next) => {
    if (c.req.method !== "POST" || !takesFiles(c.req.path)) return next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const token = c.req.header("x-user-token") || readToken(c.req.raw);
    const credential: Credential | null = bearer ? { bearer } : token ? { token } : null;
    if (!credential || !(await signedIn(credential))) {
      // A browser's form post goes to sign in and back to the page it came from; the uploader is answered.
      if (pagePathname(c.req.path) === "/upload" || c.req.path.endsWith(".data") || c.req.path.startsWith("/api/"))
        return refuse(c, 401, "请先登录", "请先登录：登录后才能发布作品或上传文件。");
      const from = c.req.header("referer");
      const back = from && URL.canParse(from) && new URL(from).origin === new URL(c.req.url).origin ? from : "";
      return c.redirect(signinPath(safeRef(back && pagePath(back))), 302);
    }
    const client = c.env?.ip || "unknown";
    const mine = byClient.get(client) ?? 0;
    const declared = Number(c.req.header("content-length"));
    const bytes = Math.min(
      Number.isSafeInteger(declared) && declared >= 0 ? declared : Infinity,
      bodyLimitFor(c.req.path),
    );
    if (mine >= largeBodies.perClient) return refuse(c, 429, "上传太频繁", "正在处理你的其他上传，请稍后再试。");
    if (reserved > 0 && reserved + bytes > largeBodies.bytesPerProcess)
      return refuse(c, 429, "服务器繁忙", "同时上传的人太多了，请稍后再试。");
    byClient.set(client, mine + 1);
    reserved += bytes;
    try {
      return await next();
    } finally {
      reserved -= bytes;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
    }
  };
}

/**
 * Bodies are bounded while they stream: a declared length over the limit is refused at once, and a chunked body
 * is read up to the limit and no further. Under the limit it is handed on whole, so no route can be made to
 * buffer more; a large one waits on disk rather than in memory until it is all in.
 */
export async function boundedBody(c: Context, next: Next) {
  if (c.req.method !== "POST") return next();
  const api = c.req.path.startsWith("/api/");
  // The API bounds its own forms, and answers a file declared too large in its own words, having read nothing.
  if (api && !takesFiles(c.req.path)) return next();
  const limit = bodyLimitFor(c.req.path);
  const tooLarge = () => refuse(c, 413, "提交的内容过大", `这里一次最多提交 ${megabytes(limit)}，请减少内容后再试。`);
  const declared = c.req.header("content-length");
  if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > limit))
    return api && /^\d+$/.test(declared) ? next() : tooLarge();
  const body = c.req.raw.body;
  if (!body) return next();
  // More than a form: to disk as it arrives (server/spool.ts), read from there once it is all in.
  if (limit > requestLimits.form) {
    const spooled = await spoolBody(c.req.raw, limit);
    if (spooled === "too large") return tooLarge();
    c.req.raw = spooled.request;
    try {
      return await largeBodyTurns.run(spooled.size, next);
    } finally {
      await spooled.done();
    }
  }
  if (declared !== undefined) return next();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    chunks.push(value);
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set("content-length", String(size));
  c.req.raw = new Request(c.req.raw.url, {
    method: "POST",
    headers,
    body: Buffer.concat(chunks),
    signal: c.req.raw.signal,
  });
  return next();
}
