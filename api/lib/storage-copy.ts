import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf } from "./storage.ts";
import type { s3Storage } from "./s3-storage.ts";

/**
 * Copies the media under a local uploads folder into the store, keeping each key (`/uploads/<key>` addresses
 * stay as they are, so no row changes). A file already there with the same size is skipped: the copy can be run
 * again after an interruption, or once more just before switching STORAGE to s3.
 */
export async function copyUploadsToStore(
  dir: string,
  store: ReturnType<typeof s3Storage>,
  progress: (done: number) => void = () => {},
): Promise<{ copied: number; skipped: number; bytes: number }> {
  const result = { copied: 0, skipped: 0, bytes: 0 };
  const root = path.resolve(dir);
  const walk = async function* (folder: string): AsyncGenerator<string> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  };
  for await (const file of walk(root)) {
    const key = path.relative(root, file).split(path.sep).join("/");
    const { size } = await stat(file);
    if ((await store.size(key)) === size) result.skipped++;
    else {
      await store.put(key, await readFile(file), contentTypeOf(key) ?? "application/octet-stream");
      result.copied++;
      result.bytes += size;
    }
    progress(result.copied + result.skipped);
  }
  return result;
}
