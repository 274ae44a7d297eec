import { get, post } from "../shared/endpoint.ts";
import { id } from "../shared/fields.ts";
import { seriesMoveSchema, seriesSchema, seriesWorkSchema } from "./schemas.ts";

const params = { id: id("合集") };
import type { SeriesSummary, SeriesView } from "./views.ts";

/** Series (合集, api/routes/series.ts): a member's works grouped in an order of their choosing. */
export const series = {
  ofUser: get<SeriesSummary[]>()("/series/of/:userId", { summary: "某人的合集", params: { userId: id("用户") } }),
  one: get<SeriesView>()("/series/:id", { summary: "合集详情", params }),
  create: post<{ seriesId: number }>()("/series/create", { summary: "新建合集", body: seriesSchema }),
  update: post<{ seriesId: number }>()("/series/:id/update", { summary: "修改合集", params, body: seriesSchema }),
  remove: post<{ removed: boolean }>()("/series/:id/delete", { summary: "删除合集", params }),
  add: post<{ workCount: number }>()("/series/:id/add", { summary: "把作品加入合集", params, body: seriesWorkSchema }),
  take: post<{ workCount: number }>()("/series/:id/take", {
    summary: "从合集移出作品",
    params,
    body: seriesWorkSchema,
  }),
  move: post<{ moved: boolean }>()("/series/:id/move", {
    summary: "调整作品在合集中的顺序",
    params,
    body: seriesMoveSchema,
  }),
};
