import { ApiError } from "../../lib/errors.ts";
import type { EventRow } from "../../db/queries/events.ts";
import type { EventState } from "../../../contract/curation/views.ts";

export const missingEvent = () => new ApiError("notFound", "活动不存在");

export function stateOf(e: Pick<EventRow, "starts_at" | "ends_at" | "announced_at">, now: number): EventState {
  if (Number(e.announced_at) > 0) return "announced";
  if (now < Number(e.starts_at)) return "upcoming";
  return now < Number(e.ends_at) ? "open" : "ended";
}
