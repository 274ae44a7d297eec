import { randomBytes } from "node:crypto";
import { insertUpload } from "../db/queries/uploads.ts";
import { ApiError } from "../lib/errors.ts";
import { StorageError } from "../lib/storage.ts";
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

/**
 * Puts files in the store together: if one is refused, those already put are removed and the upload fails with a
 * message, so no row ever refers to a file that is not all there.
 */
export async function storeAll(deps: Deps, files: { key: string; data: Buffer; type: string }[]): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const f of files) urls.push(await deps.storage.put(f.key, f.data, f.type));
    return urls;
  } catch (err) {
    await Promise.all(files.slice(0, urls.length).map((f) => deps.storage.remove(f.key).catch(() => {})));
    if (!(err instanceof StorageError)) throw err;
    deps.log.error("storage refused a file", { error: err.message });
    throw new ApiError("busy", "文件保存失败，请稍后再试");
  }
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
  const [url, ...thumbs] = await storeAll(deps, [
    { key: key(""), data: image.main.data, type: "image/webp" },
    ...image.thumbs.map((t) => ({ key: key(`-${t.width}`), data: t.data, type: "image/webp" })),
  ]);
  const variants: Record<string, string> = {};
  image.thumbs.forEach((t, i) => (variants[t.width] = thumbs[i]));
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
  const [url] = await storeAll(deps, [
    { key: keyFor(now, audio.format.ext)(""), data: bytes, type: audio.format.mime },
  ]);
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
