import { randomBytes } from "node:crypto";
import { insertUpload } from "../db/queries/uploads.ts";
import { ApiError } from "../lib/errors.ts";
import { MediaError, processAudio, processImage } from "../lib/media.ts";
import type { Deps } from "./deps.ts";

export type ImageUpload = {
  uploadId: number;
  url: string;
  width: number;
  height: number;
  variants: Record<string, string>;
};
export type AudioUpload = { uploadId: number; url: string; duration: number };

function keyFor(now: number, ext: string, suffix = "") {
  const d = new Date(now);
  const name = randomBytes(12).toString("base64url");
  return (base: string) =>
    `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${base || name}${suffix}.${ext}`;
}

const asApiError = (err: unknown) =>
  err instanceof MediaError ? new ApiError("validation", err.message, { file: err.message }) : err;

export async function uploadImage(deps: Deps, userId: number, bytes: Buffer): Promise<ImageUpload> {
  const image = await processImage(bytes).catch((e) => {
    throw asApiError(e);
  });
  const now = deps.now();
  const base = randomBytes(12).toString("base64url");
  const key = (suffix: string) => keyFor(now, "webp", suffix)(base);
  const url = await deps.storage.put(key(""), image.main.data, "image/webp");
  const variants: Record<string, string> = {};
  for (const t of image.thumbs) variants[t.width] = await deps.storage.put(key(`-${t.width}`), t.data, "image/webp");
  const uploadId = await insertUpload(deps.db, {
    user_id: userId,
    kind: "image",
    url,
    width: image.main.width,
    height: image.main.height,
    bytes: image.main.data.length,
    variants: JSON.stringify(variants),
    created_at: now,
  });
  return { uploadId, url, width: image.main.width, height: image.main.height, variants };
}

export async function uploadAudio(deps: Deps, userId: number, bytes: Buffer): Promise<AudioUpload> {
  const audio = await processAudio(bytes).catch((e) => {
    throw asApiError(e);
  });
  const now = deps.now();
  const url = await deps.storage.put(keyFor(now, audio.format.ext)(""), bytes, audio.format.mime);
  const uploadId = await insertUpload(deps.db, {
    user_id: userId,
    kind: "audio",
    url,
    duration: audio.duration,
    bytes: bytes.length,
    created_at: now,
  });
  return { uploadId, url, duration: audio.duration };
}
