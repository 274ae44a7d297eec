import { charts } from "../../../contract/endpoints/index.ts";
import type { ApiClient } from "../api.server.ts";

/** Charts (contract/endpoints/charts.ts). */
export const getChart = (api: ApiClient, query: { period?: string; nodeId?: string; date?: string }) =>
  api.call(charts.chart, { query });
