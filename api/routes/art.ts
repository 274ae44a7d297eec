import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app.ts";
import { ok } from "../lib/envelope.ts";
import { id, optionalId, parse, parseQuery } from "../lib/validate.ts";
import { listNodeViews } from "../services/nodes.ts";
import { requireUser } from "../lib/auth.ts";
import { favoriteWork, likeWork } from "../services/interactions.ts";
import { getWorkDetail, listWorkCards } from "../services/works.ts";

const listSchema = z.object({
  order: z.enum(["recommend", "newest"], { error: "排序方式无效" }).default("recommend"),
  nodeId: optionalId("节点"),
  userId: optionalId("用户"),
  following: z.enum(["0", "1"]).optional().transform((v) => v === "1"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(60).optional(),
});

export const artRoutes = new Hono<ApiEnv>()
  .get("/nodes", async (c) => ok(c, await listNodeViews(c.get("deps"))))
  .get("/list", async (c) => {
    const q = parseQuery(c, listSchema);
    const order = q.order === "recommend" ? "score" : "created";
    return ok(c, await listWorkCards(c.get("deps"), { ...q, order }, c.get("user")?.id));
  })
  // SPEC §7: POST /api/art/like/{artId}; the rest follow its shape.
  .post("/like/:id", async (c) => ok(c, await likeWork(c.get("deps"), requireUser(c).id, parse(id("作品编号"), c.req.param("id")), true)))
  .post("/unlike/:id", async (c) => ok(c, await likeWork(c.get("deps"), requireUser(c).id, parse(id("作品编号"), c.req.param("id")), false)))
  .post("/favorite/:id", async (c) => ok(c, await favoriteWork(c.get("deps"), requireUser(c).id, parse(id("作品编号"), c.req.param("id")), true)))
  .post("/unfavorite/:id", async (c) => ok(c, await favoriteWork(c.get("deps"), requireUser(c).id, parse(id("作品编号"), c.req.param("id")), false)))
  .get("/:id", async (c) => {
    const artId = parse(id("作品编号"), c.req.param("id"));
    return ok(c, await getWorkDetail(c.get("deps"), artId, c.get("user")?.id));
  });
