import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { ok } from "../lib/envelope.ts";
import { artIdParam, optionalId, parseQuery } from "../lib/validate.ts";
import { listNodeViews } from "../services/nodes.ts";
import { requireUser } from "../lib/auth.ts";
import { favoriteWork, likeWork } from "../services/interactions.ts";
import { differentWorks, pageWorkCards } from "../services/browse.ts";
import { recommendedWorks } from "../services/recommend.ts";
import { getEditableWork, getWorkDetail, listWorkCards, viewWork } from "../services/works.ts";
import { pageNumber } from "./tag.ts";

const kind = z.coerce
  .number({ error: "作品类型无效" })
  .int("作品类型无效")
  .min(0, "作品类型无效")
  .max(4, "作品类型无效")
  .optional();

const pagesSchema = z.object({ type: kind, tagId: optionalId("标签"), nodeId: optionalId("节点"), page: pageNumber });

const listSchema = z.object({
  order: z.enum(["recommend", "newest", "different"], { error: "排序方式无效" }).default("recommend"),
  type: kind,
  tagId: optionalId("标签"),
  nodeId: optionalId("节点"),
  userId: optionalId("用户"),
  following: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(60).optional(),
});

export const artRoutes = new Hono<ApiEnv>()
  .get("/nodes", async (c) => ok(c, await listNodeViews(c.get("deps"))))
  .get("/list", async (c) => {
    const q = parseQuery(c, listSchema);
    const viewer = c.get("user")?.id;
    if (q.order === "different") return ok(c, await differentWorks(c.get("deps"), q.cursor, viewer));
    if (q.order === "recommend") return ok(c, await recommendedWorks(c.get("deps"), { ...q, order: "score" }, viewer));
    return ok(c, await listWorkCards(c.get("deps"), { ...q, order: "created" }, viewer));
  })
  .get("/pages", async (c) => {
    const q = parseQuery(c, pagesSchema);
    return ok(c, await pageWorkCards(c.get("deps"), q, q.page, c.get("user")?.id));
  })
  // spec §7: POST /api/art/like/{artId}; the rest follow its shape.
  .post("/like/:id", async (c) => ok(c, await likeWork(c.get("deps"), requireUser(c).id, artIdParam(c), true)))
  .post("/unlike/:id", async (c) => ok(c, await likeWork(c.get("deps"), requireUser(c).id, artIdParam(c), false)))
  .post("/favorite/:id", async (c) => ok(c, await favoriteWork(c.get("deps"), requireUser(c).id, artIdParam(c), true)))
  .post("/unfavorite/:id", async (c) =>
    ok(c, await favoriteWork(c.get("deps"), requireUser(c).id, artIdParam(c), false)),
  )
  // Opening a work's page: one view counted, and the work in the same answer.
  .post("/view/:id", async (c) => ok(c, await viewWork(c.get("deps"), artIdParam(c), c.get("user"), c.get("ip"))))
  .get("/edit/:id", async (c) => ok(c, await getEditableWork(c.get("deps"), requireUser(c), artIdParam(c))))
  .get("/:id", async (c) => {
    return ok(c, await getWorkDetail(c.get("deps"), artIdParam(c), c.get("user")));
  });
