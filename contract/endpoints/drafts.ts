import { get, post } from "../endpoint.ts";
import type { DraftSaved, DraftSummary, DraftView } from "../views/drafts.ts";

/**
 * A member's drafts of works (api/routes/drafts.ts), seen by nobody else. Saving touches no work list, so it is
 * declared to read: the form saves every few seconds while typing, and the shared lists stay.
 */
export const drafts = {
  list: get<DraftSummary[]>()("/drafts"),
  one: get<DraftView>()("/drafts/:id"),
  save: post<DraftSaved>()("/drafts/save", { reads: true }),
  remove: post<{ removed: boolean }>()("/drafts/:id/delete", { reads: true }),
};
