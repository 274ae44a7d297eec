import { get, post } from "../shared/endpoint.ts";
import type { SeriesSummary, SeriesView } from "./views.ts";

/** Series (合集, api/routes/series.ts): a member's works grouped in an order of their choosing. */
export const series = {
  ofUser: get<SeriesSummary[]>()("/series/of/:userId"),
  one: get<SeriesView>()("/series/:id"),
  create: post<{ seriesId: number }>()("/series/create"),
  update: post<{ seriesId: number }>()("/series/:id/update"),
  remove: post<{ removed: boolean }>()("/series/:id/delete"),
  add: post<{ workCount: number }>()("/series/:id/add"),
  take: post<{ workCount: number }>()("/series/:id/take"),
  move: post<{ moved: boolean }>()("/series/:id/move"),
};
