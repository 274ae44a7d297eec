import { endpoints } from "../lib/endpoint.ts";
import { series } from "../../contract/endpoints/series.ts";
import { seriesMoveSchema, seriesSchema, seriesWorkSchema } from "../../contract/schemas/series.ts";
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
} from "../services/series.ts";

const seriesId = id("合集");
const userId = id("用户");

/** Series (合集): anyone reads them; their author alone makes, edits, fills, orders and deletes them. */
export const seriesRoutes = endpoints()
  .answer(series.ofUser, async (c) => listSeriesOf(c.get("deps"), parse(userId, c.req.param("userId"))))
  .answer(series.create, async (c) => createSeries(c.get("deps"), requireUser(c), await parseBody(c, seriesSchema)))
  .answer(series.one, async (c) => getSeries(c.get("deps"), parse(seriesId, c.req.param("id")), c.get("user")?.id))
  .answer(series.update, async (c) =>
    editSeries(c.get("deps"), requireUser(c), parse(seriesId, c.req.param("id")), await parseBody(c, seriesSchema)),
  )
  .answer(series.remove, async (c) => removeSeries(c.get("deps"), requireUser(c), parse(seriesId, c.req.param("id"))))
  .answer(series.add, async (c) =>
    addToSeries(
      c.get("deps"),
      requireUser(c),
      parse(seriesId, c.req.param("id")),
      (await parseBody(c, seriesWorkSchema)).workId,
    ),
  )
  .answer(series.take, async (c) =>
    takeFromSeries(
      c.get("deps"),
      requireUser(c),
      parse(seriesId, c.req.param("id")),
      (await parseBody(c, seriesWorkSchema)).workId,
    ),
  )
  .answer(series.move, async (c) =>
    moveInSeries(
      c.get("deps"),
      requireUser(c),
      parse(seriesId, c.req.param("id")),
      await parseBody(c, seriesMoveSchema),
    ),
  ).app;
