import { endpoints } from "../lib/endpoint.ts";
import { series } from "../../contract/series/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import {
  addToSeries,
  createSeries,
  editSeries,
  getSeries,
  listSeriesOf,
  moveInSeries,
  removeSeries,
  takeFromSeries,
} from "../services/works/series.ts";

/** Series (合集): anyone reads them; their author alone makes, edits, fills, orders and deletes them. */
export const seriesRoutes = endpoints()
  .answer(series.ofUser, async (c) => listSeriesOf(c.deps, c.input.params.userId))
  .answer(series.create, async (c) => createSeries(c.deps, requireUser(c), c.input.body))
  .answer(series.one, async (c) => getSeries(c.deps, c.input.params.id, c.user?.id))
  .answer(series.update, async (c) => editSeries(c.deps, requireUser(c), c.input.params.id, c.input.body))
  .answer(series.remove, async (c) => removeSeries(c.deps, requireUser(c), c.input.params.id))
  .answer(series.add, async (c) => addToSeries(c.deps, requireUser(c), c.input.params.id, c.input.body.workId))
  .answer(series.take, async (c) => takeFromSeries(c.deps, requireUser(c), c.input.params.id, c.input.body.workId))
  .answer(series.move, async (c) => moveInSeries(c.deps, requireUser(c), c.input.params.id, c.input.body)).all;
