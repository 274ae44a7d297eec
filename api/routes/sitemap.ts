import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { parse } from "../lib/validate.ts";
import { sitemapFile, sitemapSummary } from "../services/sitemap.ts";

const file = z.object({
  kind: z.enum(["works", "tags", "people", "nodes"], { error: "站点地图类型无效" }),
  page: z.coerce.number({ error: "页码无效" }).int("页码无效").min(0, "页码无效").max(100_000, "页码无效"),
});

/** What the web's /sitemap.xml and /sitemaps/* are built from: the files there are, and each file's rows. */
export const sitemapRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => ok(c, await sitemapSummary(c.get("deps"))))
  .get("/:kind/:page", async (c) => {
    const q = parse(file, { kind: c.req.param("kind"), page: c.req.param("page") });
    return ok(c, await sitemapFile(c.get("deps"), q.kind, q.page));
  });
