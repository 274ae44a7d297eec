import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { id, parse, parseQuery } from "../lib/validate.ts";
import { listTagPage, tagInfo } from "../services/browse.ts";

export const pageNumber = z.coerce
  .number({ error: "页码无效" })
  .int("页码无效")
  .min(1, "页码无效")
  .max(100_000, "页码无效")
  .default(1);
const pageQuery = z.object({ page: pageNumber });
const tagId = id("标签");

export const tagRoutes = new Hono<ApiEnv>()
  .get("/list", async (c) => ok(c, await listTagPage(c.get("deps"), parseQuery(c, pageQuery).page)))
  .get("/:id", async (c) => ok(c, await tagInfo(c.get("deps"), parse(tagId, c.req.param("id")))));
