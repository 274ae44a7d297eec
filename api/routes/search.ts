import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { parseBody } from "../lib/validate.ts";
import { searchArt } from "../services/search.ts";
import { searchSchema } from "../../contract/schemas.ts";

export const searchRoutes = new Hono<ApiEnv>().post("/art", async (c) =>
  ok(c, await searchArt(c.get("deps"), await parseBody(c, searchSchema), c.get("user")?.id)),
);
