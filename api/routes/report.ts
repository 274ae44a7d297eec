import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { parseBody } from "../lib/validate.ts";
import { reportSchema } from "../../contract/admin.ts";
import { fileReport } from "../services/reports.ts";

/** 举报: any signed-in person, once per thing. */
export const reportRoutes = new Hono<ApiEnv>().post("/", async (c) =>
  ok(c, await fileReport(c.get("deps"), requireUser(c), await parseBody(c, reportSchema))),
);
