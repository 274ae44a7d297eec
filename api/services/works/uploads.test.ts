import { describe, expect, it } from "vitest";
import { silentLogger } from "../../../contract/shared/log.ts";
import { ApiError } from "../../lib/errors.ts";
import { StorageError, type Storage } from "../../lib/storage.ts";
import type { Deps } from "../deps.ts";
import { storeAll } from "./uploads.ts";

/** A store that keeps files in a map and refuses the `refuse`-th put. */
function store(refuse: number) {
  const files = new Map<string, Buffer>();
  let puts = 0;
  const storage: Storage = {
    async put(key, data) {
      if (++puts === refuse) throw new StorageError("refused");
      files.set(key, data);
      return `/uploads/${key}`;
    },
    async remove(key) {
      files.delete(key);
    },
    async read(key) {
      return files.get(key) ?? null;
    },
  };
  return { files, deps: { storage, log: silentLogger } as unknown as Deps };
}

const three = ["a.webp", "a-320.webp", "a-640.webp"].map((key) => ({
  key,
  data: Buffer.from(key),
  type: "image/webp",
}));

describe("storing an upload's files", () => {
  it("answers each file's address in order", async () => {
    const { files, deps } = store(0);
    expect(await storeAll(deps, three)).toEqual(["/uploads/a.webp", "/uploads/a-320.webp", "/uploads/a-640.webp"]);
    expect(files.size).toBe(3);
  });

  it("takes back what it stored when the store refuses one, and fails with a message", async () => {
    const { files, deps } = store(3);
    const err = await storeAll(deps, three).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("文件保存失败，请稍后再试");
    expect((err as ApiError).status).toBe(503);
    expect([...files.keys()]).toEqual([]);
  });
});
