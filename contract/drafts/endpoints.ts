import { get, post } from "../shared/endpoint.ts";
import type { DraftSaved, DraftSummary, DraftView, ScheduledWork } from "./views.ts";

/**
 * A member's drafts of works (api/routes/drafts.ts), seen by nobody else. Saving touches no work list, so it is
 * declared to read: the form saves every few seconds while typing, and the shared lists stay.
 */
export const drafts = {
  list: get<DraftSummary[]>()("/drafts"),
  /** The member's works waiting for their 定时发布 minute, the soonest first. */
  scheduled: get<ScheduledWork[]>()("/drafts/scheduled"),
  one: get<DraftView>()("/drafts/:id"),
  save: post<DraftSaved>()("/drafts/save", { reads: true }),
  remove: post<{ removed: boolean }>()("/drafts/:id/delete", { reads: true }),
};
