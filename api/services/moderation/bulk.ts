import { ApiError } from "../../lib/errors.ts";
import type { BulkResult } from "../../../contract/admin/views.ts";

/**
 * An admin action on a selection: each item in a transaction of its own (`act`), so one that cannot take it is
 * reported by id and the rest go on; an unknown id is reported too. Acting on one item alone, its refusal is the
 * answer itself.
 */
export async function eachOnItsOwn<T>(
  ids: number[],
  find: (id: number) => Promise<T | undefined>,
  act: (item: T) => Promise<void>,
  missing: string,
): Promise<BulkResult> {
  const result: BulkResult = { done: 0, skipped: [] };
  for (const id of [...new Set(ids)]) {
    const item = await find(id);
    if (!item) {
      result.skipped.push({ id, message: missing });
      continue;
    }
    try {
      await act(item);
      result.done++;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      result.skipped.push({ id, message: err.message });
    }
  }
  if (result.done === 0 && ids.length === 1) {
    const { message } = result.skipped[0];
    throw new ApiError(message === missing ? "notFound" : "validation", message);
  }
  return result;
}
