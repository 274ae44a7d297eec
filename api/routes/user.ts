import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { requireUser } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import { listFavorites } from "../services/works.ts";

export const userRoutes = new Hono<ApiEnv>()
  .get("/current", (c) => {
    // A token that no longer signs anyone in is reported, so the web can drop its cookie.
    if (c.get("token") && !c.get("user")) throw new ApiError("tokenInvalid");
    return ok(c, c.get("user"));
  })
  .get("/favorites", async (c) =>
    ok(c, await listFavorites(c.get("deps"), requireUser(c).id, c.req.query("cursor") || undefined)),
  );
