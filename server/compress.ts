import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Pages, their data requests, API answers, feeds and the scripts and styles: text that shrinks five to eight times. */
const COMPRESSIBLE =
  /^(text\/(html|css|plain|xml|x-script|javascript)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const SMALL = 1024;

export type Coding = "br" | "gzip";

/**
 * The coding to answer a request in: the one its Accept-Encoding weighs highest, brotli on a tie (browsers send
 * `gzip, deflate, br, zstd` over HTTPS, `gzip, deflate` over plain HTTP); none when it takes neither. A coding at
 * `q=0` is refused; `*` stands for any coding not named.
 */
export function codingFor(acceptEncoding: string | undefined): Coding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part
      .toLowerCase()
      .split(";")
      .map((p) => p.trim());
    const q = params.find((p) => /^q\s*=/.test(p));
    // A weight that does not read as one leaves the coding unnamed.
    const weight = q === undefined ? 1 : Number(/^q\s*=\s*([01](\.\d{0,3})?)$/.exec(q)?.[1] ?? NaN);
    if (name && !Number.isNaN(weight)) weights.set(name, weight);
  }
  const weigh = (coding: Coding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weigh("br");
  const gzip = weigh("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

const brotliOptions = (length: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
    // A 1 MB window: the default 4 MB one is mapped afresh for each call, in the system's time.
    [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
});
const brotliLater = promisify(zlib.brotliCompress);
const gzipLater = promisify(zlib.gzip);

/**
 * Bodies up to this size are compressed on the serving thread; larger ones (a sitemap of 50,000 addresses) on
 * libuv's thread pool, so that one of them does not hold every other answer of the process for milliseconds.
 */
export const INLINE_BYTES = 256 * 1024;

/**
 * Compresses a body the fastest way each coding has, on this thread: brotli at quality 1 makes a page smaller than
 * gzip at level 1 in half its time, and higher qualities cost several times more for little. On libuv's thread pool
 * the same calls cost the process twice the CPU (the hand-over, each call's fresh encoder), and with the CPUs shared
 * between rendering processes, total CPU is what bounds the pages a second (docs/speed.md).
 */
export function compressed(body: Buffer, coding: Coding): Buffer<ArrayBuffer> {
  return coding === "br"
    ? zlib.brotliCompressSync(body, brotliOptions(body.length))
    : zlib.gzipSync(body, { level: 1 });
}

/** As `compressed`, on the thread pool for a body over `INLINE_BYTES`. */
export async function compressedSoon(body: Buffer, coding: Coding): Promise<Buffer<ArrayBuffer>> {
  if (body.length <= INLINE_BYTES) return compressed(body, coding);
  return coding === "br" ? brotliLater(body, brotliOptions(body.length)) : gzipLater(body, { level: 1 });
}

/**
 * Compresses text answers for clients that accept it, brotli or gzip (`codingFor`). The body is compressed in one
 * call: a stream of small chunks cost more. An event stream (no-transform), a body already encoded, a HEAD and
 * anything under a kilobyte go as they are.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || res.status === 204 || res.status === 304) return;
    const coding = codingFor(c.req.header("accept-encoding"));
    if (!coding) return;
    if (res.headers.has("content-encoding") || !COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
    if ((res.headers.get("cache-control") ?? "").includes("no-transform")) return;
    const length = res.headers.get("content-length");
    if (length !== null && Number(length) < SMALL) return;
    // Only now the body: an answer left as it was goes out as it is, unread.
    if (!res.body) return;
    const plain = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append("vary", "Accept-Encoding");
    c.res = undefined;
    if (plain.length < SMALL) {
      c.res = new Response(plain as Uint8Array<ArrayBuffer>, { status: res.status, headers });
      return;
    }
    const packed = await compressedSoon(plain, coding);
    headers.set("content-encoding", coding);
    headers.set("content-length", String(packed.length));
    c.res = new Response(packed, { status: res.status, headers });
  };
}
