import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { requireStaff } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { artIdParam, parseBody } from "../lib/validate.ts";
import { recommendWork } from "../services/publish.ts";
import { siteStats } from "../services/admin.ts";
import { updateConfig } from "../services/config.ts";
import { configSchema } from "../../contract/schemas.ts";

export const adminRoutes = new Hono<ApiEnv>()
  .use(async (c, next) => {
    requireStaff(c);
    await next();
  })
  .get("/stats", async (c) => ok(c, await siteStats(c.get("deps"))))
  .post("/config", async (c) => ok(c, await updateConfig(c.get("deps"), await parseBody(c, configSchema))))
  // 编辑推荐 of a work (the author is told once); the admin area's work tools build on it.
  .post("/art/recommend/:id", async (c) =>
    ok(c, await recommendWork(c.get("deps"), requireStaff(c), artIdParam(c), true)),
  )
  .post("/art/unrecommend/:id", async (c) =>
    ok(c, await recommendWork(c.get("deps"), requireStaff(c), artIdParam(c), false)),
  );
