import type { AuthorView } from "../people/views.ts";
import type { ImageView, WorkCardView } from "../works/views.ts";

/** A series (合集) as a list of them shows it: its cover is its first work's that has one. */
export type SeriesSummary = {
  seriesId: number;
  title: string;
  description: string;
  cover: ImageView | null;
  workCount: number;
  updatedAt: number;
};

/** A series' page: its works in the author's order. */
export type SeriesView = SeriesSummary & { user: AuthorView; works: WorkCardView[] };

/** Where a work stands in each series it is in: its place, and the works before and after it. */
export type SeriesAround = {
  seriesId: number;
  title: string;
  position: number;
  workCount: number;
  prev: { artId: number; title: string } | null;
  next: { artId: number; title: string } | null;
};
