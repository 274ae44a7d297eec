import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { optionalId, parseBody, text } from "../lib/validate.ts";
import { searchArt } from "../services/search.ts";
import { searchLimits } from "../../contract/limits.ts";

export const searchSchema = z.object({
  keyword: text("搜索关键词", { max: searchLimits.keyword }),
  nodeId: optionalId("节点"),
  timeRange: z.coerce.number().int().min(0).max(4, "时间范围无效").catch(0),
  page: z.coerce.number().int().min(1).max(50, "最多只能查看前50页").catch(1),
});

export const searchRoutes = new Hono<ApiEnv>().post("/art", async (c) =>
  ok(c, await searchArt(c.get("deps"), await parseBody(c, searchSchema), c.get("user")?.id)),
);
