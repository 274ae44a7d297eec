import { Readable } from "node:stream";
import Busboy from "@fastify/busboy";
import type { ApiCall } from "../serve/call.ts";
import { ApiError } from "./errors.ts";

/** How much of a file its head check sees (or all of a shorter one): enough for any container's signature. */
export const HEAD_BYTES = 1024;

export type FileRule = {
  /** The multipart field that holds the file; files in other fields are read past and dropped. */
  field: string;
  /** The most bytes the file may have; past this it is refused unread (`tooLarge`). */
  maxBytes: number;
  tooLarge: string;
  /** Throws to refuse the file from its first bytes, before the rest is kept. */
  head: (head: Buffer) => void;
};

export type FileForm = {
  /** The file's bytes (possibly none), or null when the body has no file in the field. */
  file: Buffer | null;
  /** The text fields, the first of each name. */
  fields: Record<string, string>;
};

const textLimits = { fields: 20, fieldSize: 4096, parts: 40, headerPairs: 20 };

/**
 * A multipart body holding one file, read as it streams. Hono's parseBody holds the body, its parts and a copy of
 * the file at once, four copies of a 20 MB upload; here the file's bytes go into one buffer, the size the body
 * declares, and a file whose head is not what the rule takes is refused before more of it is kept. A body that
 * is not multipart, or ends before its closing boundary, is refused as a bad request.
 */
export async function readFileForm(c: Pick<ApiCall, "request">, rule: FileRule): Promise<FileForm> {
  const type = c.request?.headers.get("content-type") ?? "";
  const body = c.request?.body;
  if (!/^multipart\/form-data/i.test(type) || !body) return { file: null, fields: {} };
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": type },
      limits: { ...textLimits, files: 4, fileSize: rule.maxBytes },
    });
  } catch {
    throw new ApiError("badRequest");
  }
  const declared = Number(c.request?.headers.get("content-length"));
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  let file: FileBytes | null = null;

  return new Promise<FileForm>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(err instanceof ApiError || !(err instanceof Error) ? err : new ApiError("badRequest"));
    };
    parser.on("file", (name, stream) => {
      stream.on("error", fail);
      if (name !== rule.field || file) return void stream.resume();
      const bytes = (file = new FileBytes(declared, rule));
      stream.on("limit", () => fail(new ApiError("validation", rule.tooLarge, { [rule.field]: rule.tooLarge })));
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        try {
          bytes.add(chunk);
        } catch (err) {
          fail(err);
        }
      });
    });
    parser.on("field", (name, value) => {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    });
    parser.on("error", fail);
    source.on("error", fail);
    parser.on("finish", () => {
      if (settled) return;
      try {
        const kept = file?.done() ?? null;
        settled = true;
        resolve({ file: kept, fields });
      } catch (err) {
        fail(err);
      }
    });
    source.pipe(parser);
  });
}

/**
 * A file's bytes as they arrive: the first HEAD_BYTES are checked by the rule, then everything goes into one buffer
 * sized by the body's declared length (capped by the rule), grown only when no length was declared.
 */
class FileBytes {
  private head: Buffer[] = [];
  private buffer: Buffer | null = null;
  private length = 0;

  private readonly declared: number;
  private readonly rule: FileRule;

  constructor(declared: number, rule: FileRule) {
    this.declared = declared;
    this.rule = rule;
  }

  add(chunk: Buffer) {
    if (!this.buffer) {
      this.head.push(chunk);
      this.length += chunk.length;
      if (this.length >= HEAD_BYTES) this.open();
      return;
    }
    if (this.length + chunk.length > this.buffer.length) this.grow(this.length + chunk.length);
    chunk.copy(this.buffer, this.length);
    this.length += chunk.length;
  }

  done(): Buffer {
    if (!this.buffer) {
      if (this.length > 0) this.open();
      else return Buffer.alloc(0);
    }
    return this.buffer!.subarray(0, this.length);
  }

  private open() {
    const head = Buffer.concat(this.head, this.length);
    this.head = [];
    this.rule.head(head.subarray(0, HEAD_BYTES));
    const known = Number.isSafeInteger(this.declared) && this.declared > 0;
    this.buffer = Buffer.allocUnsafe(
      Math.max(this.length, Math.min(known ? this.declared : 256 * 1024, this.rule.maxBytes)),
    );
    head.copy(this.buffer);
  }

  private grow(needed: number) {
    const next = Buffer.allocUnsafe(Math.min(Math.max(needed, this.buffer!.length * 2), this.rule.maxBytes));
    this.buffer!.copy(next, 0, 0, this.length);
    this.buffer = next;
  }
}
