import { endpoints } from "../lib/endpoint.ts";
import { series } from "../../contract/series/endpoints.ts";
import { seriesMoveSchema, seriesSchema, seriesWorkSchema } from "../../contract/series/schemas.ts";
import { requireUser } from "../lib/auth.ts";
import { id, parse, parseBody } from "../lib/validate.ts";
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

const seriesId = id("合集");
const userId = id("用户");

/** Series (合集): anyone reads them; their author alone makes, edits, fills, orders and deletes them. */
export const seriesRoutes = endpoints()
  .answer(series.ofUser, async (c) => listSeriesOf(c.deps, parse(userId, c.params.userId)))
  .answer(series.create, async (c) => createSeries(c.deps, requireUser(c), await parseBody(c, seriesSchema)))
  .answer(series.one, async (c) => getSeries(c.deps, parse(seriesId, c.params.id), c.user?.id))
  .answer(series.update, async (c) =>
    editSeries(c.deps, requireUser(c), parse(seriesId, c.params.id), await parseBody(c, seriesSchema)),
  )
  .answer(series.remove, async (c) => removeSeries(c.deps, requireUser(c), parse(seriesId, c.params.id)))
  .answer(series.add, async (c) =>
    addToSeries(c.deps, requireUser(c), parse(seriesId, c.params.id), (await parseBody(c, seriesWorkSchema)).workId),
  )
  .answer(series.take, async (c) =>
    takeFromSeries(c.deps, requireUser(c), parse(seriesId, c.params.id), (await parseBody(c, seriesWorkSchema)).workId),
  )
  .answer(series.move, async (c) =>
    moveInSeries(c.deps, requireUser(c), parse(seriesId, c.params.id), await parseBody(c, seriesMoveSchema)),
  ).all;
