import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { getConfig } from "../services/config.ts";
import { infoPage } from "../services/access.ts";

export const configRoutes = new Hono<ApiEnv>()
  .get("/configs", async (c) => ok(c, await getConfig(c.get("deps"))))
  // The info pages' text an admin wrote (Markdown, and its sanitized HTML); empty for the built-in text.
  .get("/page/:name{about|protocol}", async (c) =>
    ok(c, await infoPage(c.get("deps"), c.req.param("name") as "about" | "protocol")),
  );
