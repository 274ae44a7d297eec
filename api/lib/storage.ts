import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded media lives. Local disk now; an S3-compatible store can implement the same two calls. */
export type Storage = {
  /** Stores bytes under a key like "2026/11/abc.webp" and returns the public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
};

export function localStorage(dir: string, baseUrl = "/uploads"): Storage {
  const root = path.resolve(dir);
  const file = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes the upload folder: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = file(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, data);
      return `${baseUrl}/${key}`;
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}
