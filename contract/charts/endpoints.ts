import { get } from "../shared/endpoint.ts";
import { chartQuery } from "./schemas.ts";
import type { ChartView } from "./views.ts";

/** Charts (排行榜, api/routes/charts.ts): `?period=day|week|month&nodeId=&date=YYYY-MM-DD`, the period holding it. */
export const charts = {
  chart: get<ChartView>()("/charts", { summary: "排行榜（日榜、周榜、月榜）", query: chartQuery }),
};
