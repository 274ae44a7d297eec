import { endpoints } from "../lib/endpoint.ts";
import { charts } from "../../contract/charts/endpoints.ts";
import { chartQuery } from "../../contract/charts/schemas.ts";
import { parseQuery } from "../lib/validate.ts";
import { readChart } from "../services/browse/charts.ts";

/** Charts (排行榜): anyone reads them. */
export const chartRoutes = endpoints().answer(charts.chart, async (c) =>
  readChart(c.deps, parseQuery(c, chartQuery), c.user?.id),
).all;
