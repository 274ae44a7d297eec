import type { FolderView } from "../folders/views.ts";
import type { SeriesAround } from "../series/views.ts";
import type { WorkDetailView } from "./views.ts";

/**
 * A work as its page shows it, in one answer: the work, each series it is in with its neighbours there, and for a
 * signed-in reader their favorite folders, each saying whether it holds the work (null for a visitor). One call, not
 * three: each in-process call costs a page its own request, middleware and session.
 */
export type WorkPageView = WorkDetailView & {
  seriesAround: SeriesAround[];
  folders: FolderView[] | null;
  /** The places it won in events (活动) whose results are out. */
  awards: WorkAward[];
};

export type WorkAward = { eventId: number; title: string; place: number };
