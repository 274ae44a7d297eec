import { endpoints } from "../lib/endpoint.ts";
import { charts } from "../../contract/charts/endpoints.ts";
import { readChart } from "../services/browse/charts.ts";

/** Charts (排行榜): anyone reads them. */
export const chartRoutes = endpoints().answer(charts.chart, async (c) =>
  readChart(c.deps, c.input.query, c.user?.id),
).all;
