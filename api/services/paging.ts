import { ApiError } from "../lib/errors.ts";

/** Cursors of keyset-paged lists: the sort key and id of the last row a page showed, opaque to clients. */
export function encodeCursor(key: number, id: number): string {
  return Buffer.from(`${key}:${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): { key: number; id: number } | undefined {
  if (!cursor) return undefined;
  const [key, id] = Buffer.from(cursor, "base64url").toString().split(":").map(Number);
  if (!Number.isFinite(key) || !Number.isInteger(id) || id <= 0) throw new ApiError("validation", "分页参数无效");
  return { key, id };
}

/** Keyset paging: queries fetch one row more than a page; that row only tells that more remain. */
export function keysetPage<R extends { id: number }>(rows: R[], limit: number, keyOf: (row: R) => number) {
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, hasMore, cursor: hasMore && last ? encodeCursor(keyOf(last), last.id) : "" };
}
