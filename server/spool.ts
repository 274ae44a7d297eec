import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";

/** Where bodies wait while they arrive; each file lives as long as its request. */
export const SPOOL_PREFIX = path.join(os.tmpdir(), "yishe-body-");

/**
 * A large post (publishing, an upload, a picture) is written to a file as it arrives, so a slow or hostile sender
 * holds disk, not memory, for as long as it takes; only once the last byte is in is the body read, from the file,
 * by whoever handles it. Answers the request to hand on (its body the file, its length what arrived), that length,
 * and the way to remove the file, or "too large" past `limit` bytes (nothing is kept).
 */
export async function spoolBody(
  request: Request,
  limit: number,
): Promise<{ request: Request; size: number; done: () => Promise<void> } | "too large"> {
  const file = `${SPOOL_PREFIX}${randomUUID()}`;
  const out = createWriteStream(file, { mode: 0o600 });
  const done = () => rm(file, { force: true });
  let size = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) {
        out.destroy();
        await done();
        return "too large";
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    out.end();
    await finished(out);
  } catch (err) {
    out.destroy();
    await done();
    throw err;
  }
  const headers = new Headers(request.headers);
  headers.set("content-length", String(size));
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  const init = { method: "POST", headers, body, duplex: "half", signal: request.signal };
  return { request: new Request(request.url, init as RequestInit), size, done };
}
