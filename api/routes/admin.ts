import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { requireStaff } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { parseBody } from "../lib/validate.ts";
import { siteStats } from "../services/admin.ts";
import { updateConfig } from "../services/config.ts";
import { configSchema } from "../../contract/schemas.ts";

export const adminRoutes = new Hono<ApiEnv>()
  .use(async (c, next) => {
    requireStaff(c);
    await next();
  })
  .get("/stats", async (c) => ok(c, await siteStats(c.get("deps"))))
  .post("/config", async (c) => ok(c, await updateConfig(c.get("deps"), await parseBody(c, configSchema))));
