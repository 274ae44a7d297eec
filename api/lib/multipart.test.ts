import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { HEAD_BYTES, readFileForm, type FileRule } from "./multipart.ts";

const boundary = "----yishe-test-boundary";
const MB = 1024 * 1024;

const rule: FileRule = {
  field: "image",
  maxBytes: 2 * MB,
  tooLarge: "图片不能超过2MB",
  head: (head) => {
    if (head.subarray(0, 4).toString("latin1") !== "PICT") throw new ApiError("validation", "不是图片");
  },
};

/** The parts of a multipart body: a text field, or a file as a name and its bytes. */
type Part = [name: string, value: string | { filename: string; bytes: Buffer }];

function envelope(parts: Part[], close = true): Buffer {
  const pieces: Buffer[] = [];
  for (const [name, value] of parts) {
    const file = typeof value === "string" ? "" : `; filename="${value.filename}"`;
    const type = typeof value === "string" ? "" : "\r\nContent-Type: application/octet-stream";
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}${type}\r\n\r\n`));
    pieces.push(typeof value === "string" ? Buffer.from(value) : value.bytes, Buffer.from("\r\n"));
  }
  if (close) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** A body handed over in 64 KB chunks as they are asked for, counting how much was taken. */
function streamed(body: Buffer) {
  const taken = { bytes: 0 };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const chunk = body.subarray(at, at + 64 * 1024);
      at += chunk.length;
      taken.bytes = at;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  return { stream, taken };
}

const app = new Hono().post("/", async (c) => {
  try {
    const { file, fields } = await readFileForm({ request: c.req.raw }, rule);
    return c.json({ ok: true, file: file && file.toString("latin1"), size: file?.length ?? null, fields });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return c.json({ ok: false, code: err.code, message: err.message, fieldErrors: err.fieldErrors ?? null });
  }
});

async function post(body: Buffer | ReadableStream<Uint8Array>, length?: number, type?: string) {
  const headers: Record<string, string> = { "content-type": type ?? `multipart/form-data; boundary=${boundary}` };
  if (length !== undefined) headers["content-length"] = String(length);
  const init = { method: "POST", headers, body, duplex: "half" } as RequestInit;
  return (await (await app.request("http://x/", init)).json()) as Record<string, unknown>;
}

describe("readFileForm: one file from a multipart body, as it streams", () => {
  it("answers the file in its field and the text fields; files in other fields are dropped", async () => {
    const picture = Buffer.concat([Buffer.from("PICT"), Buffer.alloc(3 * HEAD_BYTES, 7)]);
    const body = envelope([
      ["cropX", "0.25"],
      ["other", { filename: "a.bin", bytes: Buffer.from("PICT-not-this-one") }],
      ["image", { filename: "x.png", bytes: picture }],
      ["cropX", "0.75"],
      ["cropSize", "0.5"],
      ["constructor", "a field like any other"],
    ]);
    const answer = await post(body, body.length);
    expect(answer).toMatchObject({
      ok: true,
      size: picture.length,
      fields: { cropX: "0.25", cropSize: "0.5", constructor: "a field like any other" },
    });
    expect(answer.file).toBe(picture.toString("latin1"));
  });

  it("reads a file shorter than the head, an empty one, and one from a body of no declared length", async () => {
    expect(await post(envelope([["image", { filename: "s", bytes: Buffer.from("PICT!") }]]))).toMatchObject({
      ok: true,
      file: "PICT!",
    });
    const empty = await post(envelope([["image", { filename: "", bytes: Buffer.alloc(0) }]]));
    expect(empty).toMatchObject({ ok: true, size: 0 });
    const large = Buffer.concat([Buffer.from("PICT"), Buffer.alloc(MB, 9)]);
    const { stream } = streamed(envelope([["image", { filename: "l", bytes: large }]]));
    expect(await post(stream)).toMatchObject({ ok: true, size: large.length });
  });

  it("answers no file when the field is missing or the body is not multipart", async () => {
    expect(await post(envelope([["title", "x"]]))).toMatchObject({ ok: true, file: null, fields: { title: "x" } });
    const form = Buffer.from("image=PICT");
    expect(await post(form, form.length, "application/x-www-form-urlencoded")).toMatchObject({ ok: true, file: null });
  });

  it("refuses a file from its head, having taken little more than the head of a large body", async () => {
    const { stream, taken } = streamed(
      envelope([["image", { filename: "x.png", bytes: Buffer.alloc(8 * MB, "not a picture") }]]),
    );
    expect(await post(stream)).toMatchObject({ ok: false, code: "validation", message: "不是图片" });
    expect(taken.bytes).toBeLessThan(MB);
  });

  it("refuses a file past the rule's size in its words, having taken little more than the limit", async () => {
    const big = Buffer.concat([Buffer.from("PICT"), Buffer.alloc(6 * MB, 1)]);
    const { stream, taken } = streamed(envelope([["image", { filename: "b", bytes: big }]]));
    expect(await post(stream)).toMatchObject({
      ok: false,
      code: "validation",
      message: "图片不能超过2MB",
      fieldErrors: { image: "图片不能超过2MB" },
    });
    expect(taken.bytes).toBeLessThan(3 * MB);
  });

  it("refuses a body cut before its closing boundary, and one without a boundary, as bad requests", async () => {
    const picture = Buffer.concat([Buffer.from("PICT"), Buffer.alloc(4 * HEAD_BYTES, 2)]);
    const cut = envelope([["image", { filename: "x", bytes: picture }]], false).subarray(0, 3 * HEAD_BYTES);
    expect(await post(cut, cut.length)).toMatchObject({ ok: false, code: "badRequest" });
    const body = envelope([["image", { filename: "x", bytes: picture }]]);
    expect(await post(body, body.length, "multipart/form-data")).toMatchObject({ ok: false, code: "badRequest" });
  });
});
