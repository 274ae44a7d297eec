import { chinaMidnight } from "../../lib/china-time.ts";
import type { Numbered } from "../../../contract/shared/page.ts";

/** The admin lists are numbered pages of this many rows. */
export const ADMIN_PAGE = 30;

/** A from/to pair of CST dates as a half-open range of times; `to` includes its whole day. */
export function dayRange(from?: string, to?: string): { from?: number; to?: number } {
  return {
    from: from ? chinaMidnight(from) : undefined,
    to: to ? chinaMidnight(to) + 86_400_000 : undefined,
  };
}

export function numbered<T>(results: T[], total: number, page: number, size = ADMIN_PAGE): Numbered<T> {
  return { results, page, total, totalPages: Math.max(1, Math.ceil(total / size)) };
}
