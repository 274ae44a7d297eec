import { endpoints } from "../lib/endpoint.ts";
import { charts } from "../../contract/endpoints/charts.ts";
import { chartQuery } from "../../contract/schemas/charts.ts";
import { parseQuery } from "../lib/validate.ts";
import { readChart } from "../services/browse/charts.ts";

/** Charts (排行榜): anyone reads them. */
export const chartRoutes = endpoints().answer(charts.chart, async (c) =>
  readChart(c.deps, parseQuery(c, chartQuery), c.user?.id),
).all;
