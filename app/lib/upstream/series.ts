import { series } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** Series (合集, contract/series/endpoints.ts). */
export const listSeriesOf = (api: ApiClient, userId: number) => api.call(series.ofUser, { params: { userId } });
export const getSeries = (api: ApiClient, id: number) => api.call(series.one, { params: { id } });
export const createSeries = (api: ApiClient, body: BodyOf<typeof series.create>) => api.call(series.create, { body });
export const updateSeries = (api: ApiClient, id: number, body: BodyOf<typeof series.update>) =>
  api.call(series.update, { params: { id }, body });
export const removeSeries = (api: ApiClient, id: number) => api.call(series.remove, { params: { id } });
export const addToSeries = (api: ApiClient, id: number, workId: number) =>
  api.call(series.add, { params: { id }, body: { workId } });
export const takeFromSeries = (api: ApiClient, id: number, workId: number) =>
  api.call(series.take, { params: { id }, body: { workId } });
export const moveInSeries = (api: ApiClient, id: number, workId: number, by: number) =>
  api.call(series.move, { params: { id }, body: { workId, by } });
