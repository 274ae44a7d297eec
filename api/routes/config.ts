import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { getConfig } from "../services/config.ts";

export const configRoutes = new Hono<ApiEnv>().get("/configs", async (c) => ok(c, await getConfig(c.get("deps"))));
