import { createHash } from "node:crypto";
import { isbot } from "isbot";
import {
  FLASH_COOKIE,
  PAGE_VIEW_HEADER,
  readCookies,
  THEME_COOKIE,
  TOKEN_COOKIE,
  VISITOR_CACHE_HEADER,
} from "../../../contract/shared/request.ts";
import type { Logger } from "../../../contract/shared/log.ts";
import { describeError } from "../../../contract/shared/log.ts";
import { pageCacheRequests } from "../../../api/index.ts";
import { codingFor, compressed } from "../../compress.ts";
import type { PageStore, StoredPage } from "./store.ts";

/**
 * What a render tells the store beside its answer: the topics its reads stood on (server/site.ts records them from
 * the page's API calls), and the moment its words would change by themselves (a relative time: 刚刚 → 1分钟前).
 */
export type PageFacts = { topics: Set<string>; changesAt: number };

/** Visitors' pages never kept longer than this, whatever they say (a safety net under the topics). */
const LONGEST_MS = 24 * 3_600_000;

function offsetsOf(body: Buffer, nonce: string): number[] {
  const at: number[] = [];
  if (!nonce) return at;
  for (let i = body.indexOf(nonce); i >= 0; i = body.indexOf(nonce, i + nonce.length)) at.push(i);
  return at;
}

/** A validator of the page as every visitor gets it: the body with its nonce blanked. */
function etagOf(body: Buffer, nonceAt: number[], nonceLength: number): string {
  const hash = createHash("sha256");
  let from = 0;
  for (const at of nonceAt) {
    hash.update(body.subarray(from, at));
    from = at + nonceLength;
  }
  hash.update(body.subarray(from));
  return `"${hash.digest("base64url").slice(0, 27)}"`;
}

const validators = (page: StoredPage): [string, string][] => [
  ["ETag", page.etag],
  ["Last-Modified", new Date(page.storedAt).toUTCString()],
  // Each visitor's copy carries its own nonce: browsers may keep it and ask again, shared caches may not keep it.
  ["Cache-Control", "private, no-cache"],
];

/**
 * A stored page as this request takes it: 304 when the browser holds it, else compressed here in the coding it
 * accepts, from a copy that carries this request's nonce (written over the old one: nonces are all one length).
 */
function answerOf(page: StoredPage, request: Request, nonce: string): Response {
  const headers = new Headers(page.headers);
  for (const [k, v] of validators(page)) headers.set(k, v);
  headers.set("X-Cache", "HIT");
  if (request.headers.get("if-none-match")?.includes(page.etag)) {
    pageCacheRequests.inc({ result: "not_modified" });
    for (const name of ["content-type", "content-length"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  pageCacheRequests.inc({ result: "hit" });
  // The store hands each request its own copy of the bytes: the nonce is written into it.
  const plain = page.body;
  if (nonce) for (const at of page.nonceAt) plain.write(nonce, at);
  const coding = codingFor(request.headers.get("accept-encoding") ?? undefined);
  if (!coding) return new Response(plain as Uint8Array<ArrayBuffer>, { status: page.status, headers });
  const packed = compressed(plain, coding);
  headers.append("vary", "Accept-Encoding");
  headers.set("content-encoding", coding);
  headers.set("content-length", String(packed.length));
  return new Response(packed, { status: page.status, headers });
}

/** The marks are the store's business: an answer not stored leaves without them. */
function unmarked(response: Response): Response {
  try {
    response.headers.delete(VISITOR_CACHE_HEADER);
    response.headers.delete(PAGE_VIEW_HEADER);
    return response;
  } catch {
    return response;
  }
}

export type StoredPagesOptions = {
  store: PageStore;
  /** The build: a deploy stores its pages apart from the last one's. */
  build: string;
  log: Logger;
  /** A person's visit to a stored work page is one view (a crawler's is none), as the render would have counted. */
  countView?: (workId: number, ip: string) => Promise<void>;
  /**
   * Nothing is stored for this long after any drop: under several processes, another process's in-memory work lists
   * (api/services/browse/listings.ts) hear of a write a moment after the store does, and a page drawn from them then
   * would be stored stale. One process forgets its own lists before it drops (0 is safe there).
   */
  quietMs?: number;
  now?: () => number;
};

/**
 * Visitors' pages rendered once per change (issue 58): a page for someone with no session and no toast that says it
 * reads the same for every visitor (VISITOR_CACHE_HEADER, with how long at most) is stored with the topics its reads
 * stood on, and served from the store until a write drops one of them (api/lib/page-topics.ts), it expires, or the
 * build changes. Signed-in members, posts and answers that set cookies always go through.
 */
export function storedPages(options: StoredPagesOptions) {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  let complained = 0;
  const complain = (what: string, err: unknown) => {
    if (now() - complained < 60_000) return;
    complained = now();
    log.error(`页面缓存${what}失败，页面照常渲染`, { store: store.kind, error: describeError(err) });
  };
  const keyOf = (request: Request): string | null => {
    if (request.method !== "GET") return null;
    const cookies = readCookies(request);
    if (cookies[TOKEN_COOKIE] || cookies[FLASH_COOKIE]) return null;
    const url = new URL(request.url);
    return `${options.build}|${cookies[THEME_COOKIE] === "dark" ? "dark" : cookies[THEME_COOKIE] === "light" ? "light" : ""}|${url.pathname}${url.search}`;
  };

  return async (
    request: Request,
    /** Draws the page; with `facts` when it may be stored (its reads and its clock are then noted). */
    render: (facts?: PageFacts) => Promise<Response>,
    nonce: string,
    ip: string,
  ): Promise<Response> => {
    const key = keyOf(request);
    if (!key) return unmarked(await render());
    const hit = await store.get(key).catch((err) => void complain("读取", err));
    if (hit) {
      if (hit.view && options.countView && !isbot(request.headers.get("user-agent")))
        void options.countView(hit.view, ip).catch((err) => complain("计数", err));
      return answerOf(hit, request, nonce);
    }
    const mark = await store.mark().catch((err) => void complain("读取", err));
    const facts: PageFacts = { topics: new Set(), changesAt: Infinity };
    const response = await render(facts);
    const keepFor = Number(response.headers.get(VISITOR_CACHE_HEADER));
    if (!keepFor) return response;
    const headers = new Headers(response.headers);
    headers.delete(VISITOR_CACHE_HEADER);
    const view = Number(headers.get(PAGE_VIEW_HEADER)) || null;
    headers.delete(PAGE_VIEW_HEADER);
    const settled = mark !== undefined && now() - mark.lastDropAt >= (options.quietMs ?? 0);
    if (response.status !== 200 || headers.has("set-cookie") || !settled) {
      pageCacheRequests.inc({ result: "pass" });
      return new Response(response.body, { status: response.status, headers });
    }
    pageCacheRequests.inc({ result: "miss" });
    const body = Buffer.from(await response.arrayBuffer());
    const storedAt = now();
    const nonceAt = offsetsOf(body, nonce);
    const page: StoredPage = {
      status: 200,
      headers: [...headers.entries()],
      body,
      nonceAt,
      etag: etagOf(body, nonceAt, nonce.length),
      storedAt,
      expiresAt: Math.min(storedAt + Math.min(keepFor * 1000, LONGEST_MS), facts.changesAt),
      view,
    };
    // Stored while the visitor is answered: the store's write is not theirs to wait for.
    if (page.expiresAt > storedAt) store.put(key, page, [...facts.topics], mark!).catch((err) => complain("写入", err));
    for (const [k, v] of validators(page)) headers.set(k, v);
    headers.set("X-Cache", "MISS");
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
