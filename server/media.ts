import { Readable } from "node:stream";
import type { Context, Next } from "hono";
import { contentTypeOf, keyOfPath, type Storage, type PictureRights } from "../api/index.ts";
import { NOAI_ROBOTS } from "../contract/works/rights.ts";

const CACHE = "public, max-age=604800";

/**
 * A picture's file as its work asks (api/services/works/picture-rights.ts): the stored largest one of a work that offers
 * only display sizes is not found, and every file of a work kept from AI carries `X-Robots-Tag: noai, noimageai`.
 * Files an S3 store serves at its own address (S3_PUBLIC_URL) are beyond this.
 */
export function pictureGuard(rightsOf: (path: string) => Promise<PictureRights | null>) {
  return async (c: Context, next: Next) => {
    const rights = await rightsOf(c.req.path);
    if (rights?.withheld) return c.text("Not Found", 404);
    await next();
    if (rights?.noai && c.res.status < 300) c.res.headers.set("X-Robots-Tag", NOAI_ROBOTS);
  };
}

/** Local disk: the type and cache headers on what serveStatic found. */
export async function mediaHeaders(c: Context, next: Next) {
  await next();
  if (c.res.status !== 200 && c.res.status !== 206) return;
  const type = contentTypeOf(c.req.path);
  if (type) c.res.headers.set("Content-Type", type);
  c.res.headers.set("Cache-Control", CACHE);
}

/**
 * `/uploads/*` from an S3-compatible store: through this server, a part at a time when the player asks for a
 * range (a track is sought without fetching all of it), or a redirect to the store's own address (S3_PUBLIC_URL).
 */
export function storedMedia(storage: Storage, publicUrl: string | null) {
  return async (c: Context) => {
    const key = keyOfPath(c.req.path);
    if (!key || !storage.get) return c.text("Not Found", 404);
    if (publicUrl) return c.redirect(`${publicUrl}/${key.split("/").map(encodeURIComponent).join("/")}`, 301);
    // One plain range is passed on; anything else (several ranges, junk) gets the whole file, as RFC 9110 allows.
    const asked = c.req.header("range");
    const range = asked && /^bytes=(\d+-\d*|-\d+)$/.test(asked.trim()) ? asked.trim() : undefined;
    let file;
    try {
      file = await storage.get(key, range);
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416)
        return new Response(null, { status: 416, headers: { "Content-Range": "bytes */*" } });
      throw err;
    }
    if (!file) return c.text("Not Found", 404);
    const headers = new Headers({
      "Content-Type": contentTypeOf(key) ?? file.contentType,
      "Content-Length": String(file.length),
      "Accept-Ranges": "bytes",
      "Cache-Control": CACHE,
    });
    if (file.contentRange) headers.set("Content-Range", file.contentRange);
    if (file.etag) headers.set("ETag", file.etag);
    if (file.lastModified) headers.set("Last-Modified", file.lastModified.toUTCString());
    const status = file.contentRange ? 206 : 200;
    if (c.req.method === "HEAD") {
      file.body.destroy();
      return new Response(null, { status, headers });
    }
    return new Response(Readable.toWeb(file.body) as ReadableStream, { status, headers });
  };
}
