import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { parseBody } from "../lib/validate.ts";
import { searchArt, searchPeople, suggest } from "../services/search.ts";
import { searchSchema, userSearchSchema } from "../../contract/schemas.ts";

export const searchRoutes = new Hono<ApiEnv>()
  .post("/art", async (c) => ok(c, await searchArt(c.get("deps"), await parseBody(c, searchSchema), c.get("user")?.id)))
  .post("/user", async (c) =>
    ok(c, await searchPeople(c.get("deps"), await parseBody(c, userSearchSchema), c.get("user")?.id)),
  )
  // Asked on every pause in typing: a GET, so a cache or a proxy may answer it.
  .get("/suggest", async (c) => ok(c, await suggest(c.get("deps"), (c.req.query("q") ?? "").trim())));
