import { charts } from "../../../contract/endpoints.ts";
import type { ApiClient } from "../api.server.ts";

/** Charts (contract/charts/endpoints.ts). */
export const getChart = (api: ApiClient, query: { period?: string; nodeId?: string; date?: string }) =>
  api.call(charts.chart, { query });
