/**
 * Answers made in this process from bytes it holds, with those bytes kept beside them. `compress()` reads them
 * from here rather than through the answer's body: under @hono/node-server, reading a body turns the bytes into a
 * stream over a copy of them, and at a page's 80 KB those copies were garbage enough that V8's collections on its
 * helper threads cost more than the compressing (a cached page in brotli: 1.3 ms a page against 0.16 for brotli).
 */
const held = new WeakMap<Response, Buffer>();

export function bytesAnswer(body: Buffer, init: ResponseInit): Response {
  const res = new Response(body as Uint8Array<ArrayBuffer>, init);
  held.set(res, body);
  return res;
}

/** The bytes `bytesAnswer` made this answer of, if it did. */
export const heldBytes = (res: Response): Buffer | undefined => held.get(res);
