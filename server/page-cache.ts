import { FLASH_COOKIE, readCookies, THEME_COOKIE, TOKEN_COOKIE, VISITOR_CACHE_HEADER } from "../contract/request.ts";
import { pageCacheRequests } from "../api/lib/metrics.ts";
import { bytesAnswer } from "./bytes.ts";

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
  /** Copies already sent, free to carry the next visitor's nonce. */
  spare: Buffer[];
};

/**
 * Bytes of sent copies kept for reuse, all pages together: about the answers being written at once. A page served
 * again needs a copy of its own (its nonce); a fresh 80 KB copy for each visitor was garbage enough that V8 ran a
 * full collection every few hundred pages, and on two cores that halved what a process served.
 */
const SPARE_BYTES = 16 * 1024 * 1024;

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
 * A micro-cache for visitors: a listing page rendered for someone with no session and no pending toast is the same
 * for every such visitor (but for the colour theme), so it is served again for a few seconds instead of rendered
 * again. Signed-in users, posts, and responses that set cookies always go through.
 */
export function pageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  let spareBytes = 0;
  const drop = (entry: Entry) => {
    for (const copy of entry.spare) spareBytes -= copy.length;
    entry.spare = [];
  };
  /** A copy this entry's answer no longer needs: kept for the next visitor while the entry is current. */
  const giveBack = (entry: Entry, copy: Buffer) => {
    if (entries.get(entry.key) !== entry || spareBytes + copy.length > SPARE_BYTES) return;
    entry.spare.push(copy);
    spareBytes += copy.length;
  };
  const takeSpare = (entry: Entry): Buffer | undefined => {
    const copy = entry.spare.pop();
    if (copy) spareBytes -= copy.length;
    return copy;
  };
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
   * with, so no two visitors ever share a nonce. `whenSent`, where the server can tell, calls back once the answer's
   * bytes are all handed to the system; its copy is then reused.
   */
  const serve = async (
    request: Request,
    render: () => Promise<Response>,
    nonce = "",
    whenSent?: (sent: () => void) => void,
  ): Promise<Response> => {
    const key = keyOf(request);
    if (!key) return render();
    const hit = entries.get(key);
    if (hit && now() - hit.at < options.ttlMs) {
      pageCacheRequests.inc({ result: "hit" });
      const headers = new Headers(hit.headers);
      headers.set("X-Cache", "HIT");
      if (!hit.nonceAt.length || !nonce) return bytesAnswer(hit.body, { status: hit.status, headers });
      const copy = withNonce(hit, nonce, whenSent && takeSpare(hit));
      whenSent?.(() => giveBack(hit, copy));
      return bytesAnswer(copy, { status: hit.status, headers });
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
    if (began !== generation) return bytesAnswer(body, { status: response.status, headers });
    const old = entries.get(key);
    if (old) drop(old);
    entries.delete(key);
    entries.set(key, {
      key,
      at: now(),
      status: response.status,
      headers: [...headers.entries()],
      body,
      nonceAt: offsetsOf(body, nonce),
      spare: [],
    });
    if (entries.size > options.max) {
      const oldest = entries.values().next().value!;
      drop(oldest);
      entries.delete(oldest.key);
    }
    return bytesAnswer(body, { status: response.status, headers });
  };
  /** Something was written (here or, through the listings' news, in another process): no page kept is served. */
  const forget = () => {
    generation++;
    for (const entry of entries.values()) drop(entry);
    entries.clear();
  };
  return Object.assign(serve, { forget });
}
