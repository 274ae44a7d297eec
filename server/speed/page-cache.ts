import {
  FLASH_COOKIE,
  readCookies,
  THEME_COOKIE,
  TOKEN_COOKIE,
  VISITOR_CACHE_HEADER,
} from "../../contract/shared/request.ts";
import { pageCacheRequests } from "../../api/index.ts";
import { codingFor, compressed } from "../compress.ts";

export type PageCacheOptions = {
  /** How long a rendered page is served again, in milliseconds. */
  ttlMs: number;
  /** How many pages are kept at most (the oldest go first). */
  max: number;
  now?: () => number;
};

/** A stored page, with where its script nonce stands in the bytes so a copy can carry another one. */
type Entry = {
  key: string;
  at: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  nonceAt: number[];
  /** Where a copy with this request's nonce is written before it is compressed (and then free again). */
  scratch: Buffer | null;
};

function offsetsOf(body: Buffer, nonce: string): number[] {
  const at: number[] = [];
  if (!nonce) return at;
  for (let i = body.indexOf(nonce); i >= 0; i = body.indexOf(nonce, i + nonce.length)) at.push(i);
  return at;
}

/**
 * The stored bytes with this request's nonce written where the old one stood (nonces are all the same length), in
 * `into` (a copy of them) when given. Every place a nonce stands is written, so a reused copy carries no other.
 */
function withNonce(entry: Entry, nonce: string, into?: Buffer): Buffer<ArrayBuffer> {
  const copy = (into ?? Buffer.from(entry.body)) as Buffer<ArrayBuffer>;
  for (const at of entry.nonceAt) copy.write(nonce, at);
  return copy;
}

/**
 * A stored page as this request takes it: compressed here, in the coding it accepts, from a copy that carries its
 * nonce (compressing is done before the copy is written again, so one copy serves every visitor); the copy itself
 * only for a client that takes no coding.
 */
function answerOf(entry: Entry, request: Request, nonce: string): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Cache", "HIT");
  const needsNonce = entry.nonceAt.length > 0 && nonce !== "";
  const coding = codingFor(request.headers.get("accept-encoding") ?? undefined);
  if (!coding) {
    const plain = needsNonce ? withNonce(entry, nonce) : entry.body;
    return new Response(plain as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
  }
  const plain = needsNonce ? withNonce(entry, nonce, (entry.scratch ??= Buffer.from(entry.body))) : entry.body;
  const packed = compressed(plain, coding);
  headers.append("vary", "Accept-Encoding");
  headers.set("content-encoding", coding);
  headers.set("content-length", String(packed.length));
  return new Response(packed, { status: entry.status, headers });
}

/**
 * A micro-cache for visitors: a listing page rendered for someone with no session and no pending toast is the same
 * for every such visitor (but for the colour theme), so it is served again for a few seconds instead of rendered
 * again. Signed-in users, posts, and responses that set cookies always go through.
 */
export function pageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  // Bumped by `forget`: a page whose render began before a write is answered but not kept.
  let generation = 0;
  const keyOf = (request: Request): string | null => {
    if (request.method !== "GET") return null;
    const cookies = readCookies(request);
    if (cookies[TOKEN_COOKIE] || cookies[FLASH_COOKIE]) return null;
    const url = new URL(request.url);
    return `${cookies[THEME_COOKIE] ?? ""}|${url.pathname}${url.search}`;
  };
  /**
   * `nonce` is the script nonce of this request: a page served again gets it in place of the one it was rendered
   * with, so no two visitors ever share a nonce.
   */
  const serve = async (request: Request, render: () => Promise<Response>, nonce = ""): Promise<Response> => {
    const key = keyOf(request);
    if (!key) return render();
    const hit = entries.get(key);
    if (hit && now() - hit.at < options.ttlMs) {
      pageCacheRequests.inc({ result: "hit" });
      return answerOf(hit, request, nonce);
    }
    pageCacheRequests.inc({ result: "miss" });
    const began = generation;
    const response = await render();
    // Only pages that say they read the same for every visitor (app/lib/visitor-cache.ts) are kept.
    if (!response.headers.has(VISITOR_CACHE_HEADER)) return response;
    const headers = new Headers(response.headers);
    headers.delete(VISITOR_CACHE_HEADER);
    if (response.status !== 200 || response.headers.has("set-cookie"))
      return new Response(response.body, { status: response.status, headers });
    const body = Buffer.from(await response.arrayBuffer());
    headers.set("X-Cache", "MISS");
    const fresh = () => new Response(body as Uint8Array<ArrayBuffer>, { status: response.status, headers });
    if (began !== generation) return fresh();
    entries.delete(key);
    entries.set(key, {
      key,
      at: now(),
      status: response.status,
      headers: [...headers.entries()],
      body,
      nonceAt: offsetsOf(body, nonce),
      scratch: null,
    });
    if (entries.size > options.max) entries.delete(entries.keys().next().value!);
    return fresh();
  };
  /** Something was written (here or, through the listings' news, in another process): no page kept is served. */
  const forget = () => {
    generation++;
    entries.clear();
  };
  return Object.assign(serve, { forget });
}
