import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded media lives: local disk by default, an S3-compatible store with STORAGE=s3 (api/lib/s3-storage.ts).
 * Either way a file's address is `/uploads/<key>`, so moving the files from one to the other changes no row.
 */
export type Storage = {
  /** Stores bytes under a key like "2026/11/abc.webp" and returns the address pages use. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  /** A stored file's bytes, or null when there is none (a watermark is drawn from a stored display size). */
  read(key: string): Promise<Buffer | null>;
  /** The stored file, or the part a Range header asks for; null when there is none. Local disk is served directly. */
  get?(key: string, range?: string): Promise<StoredFile | null>;
  /** A store elsewhere: fails when it cannot be reached with these settings (asked once, at start). */
  check?(): Promise<void>;
};

export type StoredFile = {
  body: Readable;
  contentType: string;
  /** Bytes in this answer, and, for a part, "bytes a-b/total". */
  length: number;
  contentRange?: string;
  etag?: string;
  lastModified?: Date;
};

/** The store refused or could not be reached: the upload fails and nothing refers to what it half wrote. */
export class StorageError extends Error {}

export const UPLOADS_PATH = "/uploads";

const types: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  wav: "audio/wav",
  ogg: "audio/ogg",
  flac: "audio/flac",
  m4a: "audio/mp4",
  mp3: "audio/mpeg",
};

/** The type of a stored file by its name (with nosniff, players and browsers do not guess). */
export function contentTypeOf(key: string): string | undefined {
  return types[key.slice(key.lastIndexOf(".") + 1).toLowerCase()];
}

/** A key from a `/uploads/…` path, or null when it could climb out (`..`) or is empty. */
export function keyOfPath(pathname: string): string | null {
  if (!pathname.startsWith(`${UPLOADS_PATH}/`)) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(UPLOADS_PATH.length + 1));
  } catch {
    return null;
  }
  if (!key || key.split("/").some((part) => part === "" || part === "." || part === "..") || key.includes("\\"))
    return null;
  return key;
}

export function localStorage(dir: string, baseUrl = UPLOADS_PATH): Storage {
  const root = path.resolve(dir);
  const file = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes the upload folder: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = file(key);
      try {
        await mkdir(path.dirname(full), { recursive: true });
        await writeFile(full, data);
      } catch (err) {
        await rm(full, { force: true }).catch(() => {});
        throw new StorageError(`cannot write ${key}: ${String(err)}`);
      }
      return `${baseUrl}/${key}`;
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async read(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
  };
}
