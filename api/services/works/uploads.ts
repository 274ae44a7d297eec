import type { AiLabelValue } from "../../../contract/works/rights.ts";
import { randomBytes } from "node:crypto";
import { insertUpload, takeUpload, unusedUploads, uploadUsage } from "../../db/queries/uploads.ts";
import { ApiError } from "../../lib/errors.ts";
import { StorageError } from "../../lib/storage.ts";
import {
  AUDIO_MAX_BYTES,
  audioTooLarge,
  checkAudioHead,
  checkImageHead,
  IMAGE_MAX_BYTES,
  imageTooLarge,
  MediaError,
  processAudio,
  processImage,
} from "../../lib/media.ts";
import type { FileRule } from "../../lib/multipart.ts";
import type { Deps } from "../deps.ts";
import { printUpload } from "./originals.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { getConfig } from "../config.ts";
import { assertMayPost } from "../moderation/restrictions.ts";
import { describeError } from "../../../contract/shared/log.ts";

const HOUR = 3_600_000;
/** How long an upload may wait for the work, background or node that uses it before it is removed. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * HOUR;

/**
 * Whether this member may upload now (and, with `bytes`, this file): not muted, under the site's hourly count and
 * under its daily megabytes (admin settings uploadsPerHour and uploadMbPerDay, over the last hour and day).
 */
export async function assertMayUpload(deps: Deps, user: CurrentUserView, bytes = 0): Promise<void> {
  assertMayPost(deps, user);
  const now = deps.now();
  const [config, used] = await Promise.all([
    getConfig(deps),
    uploadUsage(deps.db, user.id, now - HOUR, now - 24 * HOUR),
  ]);
  if (used.files >= config.uploadsPerHour)
    throw new ApiError("tooManyRequests", `上传太频繁：每小时最多上传${config.uploadsPerHour}个文件，请稍后再试`);
  if (used.bytes + bytes > config.uploadMbPerDay * 1024 * 1024)
    throw new ApiError("tooManyRequests", `今日上传已达上限（${config.uploadMbPerDay}MB），请明天再试`);
}

/**
 * Removes uploads nothing has used for UNUSED_UPLOAD_GRACE_MS, files and thumbnails, in whichever store holds them.
 * Safe from several processes at once: the row is deleted first, and only the process whose delete took it removes
 * the files. Answers how many were removed.
 */
export async function sweepUnusedUploads(deps: Deps, batch = 200): Promise<number> {
  const rows = await unusedUploads(deps.db, deps.now() - UNUSED_UPLOAD_GRACE_MS, batch);
  let removed = 0;
  for (const row of rows) {
    if (!(await takeUpload(deps.db, row.id))) continue;
    const urls = [
      row.url,
      ...Object.values(JSON.parse(row.variants || "{}") as Record<string, string>),
      ...(JSON.parse(row.marked || "[]") as string[]),
    ];
    for (const url of urls) {
      const key = url.replace(/^\/uploads\//, "");
      await deps.storage
        .remove(key)
        .catch((err) => deps.log.warn("unused upload not removed", { key, error: describeError(err) }));
    }
    removed++;
  }
  return removed;
}

export type ImageUpload = {
  uploadId: number;
  url: string;
  width: number;
  height: number;
  variants: Record<string, string>;
  aiFloor: AiLabelValue;
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

const asApiError = (err: unknown, field = "file") =>
  err instanceof MediaError ? new ApiError("validation", err.message, { [field]: err.message }) : err;

const headOf =
  (check: (head: Buffer) => unknown, field: string) =>
  (head: Buffer): void => {
    try {
      check(head);
    } catch (err) {
      throw asApiError(err, field);
    }
  };

/** What the API's file routes take, checked while the body streams in (api/lib/multipart.ts). */
export const fileRules = {
  image: { field: "image", maxBytes: IMAGE_MAX_BYTES, tooLarge: imageTooLarge, head: headOf(checkImageHead, "file") },
  audio: { field: "audio", maxBytes: AUDIO_MAX_BYTES, tooLarge: audioTooLarge, head: headOf(checkAudioHead, "file") },
  avatar: {
    field: "avatar",
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: imageTooLarge,
    head: headOf(checkImageHead, "avatar"),
  },
} satisfies Record<string, FileRule>;

export async function uploadImage(deps: Deps, user: CurrentUserView, bytes: Buffer): Promise<ImageUpload> {
  await assertMayUpload(deps, user, bytes.length);
  const userId = user.id;
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
    ai_floor: image.aiFloor,
    created_at: now,
  });
  // Printed from its smallest size: the print reads a 32×32 grey anyway.
  await printUpload(deps, uploadId, userId, image.thumbs[0]?.data ?? image.main.data, now);
  return { uploadId, url, width: image.main.width, height: image.main.height, variants, aiFloor: image.aiFloor };
}

export async function uploadAudio(deps: Deps, user: CurrentUserView, bytes: Buffer): Promise<AudioUpload> {
  await assertMayUpload(deps, user, bytes.length);
  const userId = user.id;
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
