import { z } from "zod";
import { ApiError } from "../lib/errors.ts";
import { workPoster } from "../services/works/poster.ts";
import { NOAI_ROBOTS } from "../../contract/works/rights.ts";
import { endpoints } from "../lib/endpoint.ts";
import { works } from "../../contract/works/endpoints.ts";
import { artIdParam, optionalId, parseBody, parseQuery } from "../lib/validate.ts";
import { requireUser } from "../lib/auth.ts";
import { listNodeViews } from "../services/browse/nodes.ts";
import { favoriteWork, likeWork } from "../services/works/interactions.ts";
import { differentWorks, pageWorkCards } from "../services/browse/browse.ts";
import { recommendedWorks } from "../services/browse/recommend.ts";
import { getEditableWork, listWorkCards } from "../services/works/works.ts";
import { workPage } from "../services/works/work-page.ts";
import { likersOf } from "../services/people/people.ts";
import { createWork, deleteWork, updateWork } from "../services/works/publish.ts";
import type { WorkInput } from "../services/works/work-input.ts";
import { workSchema } from "../../contract/works/schemas.ts";
import { pageNumber } from "./site.ts";

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

const cursorQuery = z.object({ cursor: z.string().max(200).optional() });

const toInput = (w: z.output<typeof workSchema>): WorkInput => ({
  ...w,
  type: w.type as WorkInput["type"],
  nodeId: w.nodeId ?? 0,
});

// requirements §7: POST /api/art/like/{artId}; the other marks follow its shape.
export const workRoutes = endpoints()
  .answer(works.nodes, async (c) => listNodeViews(c.deps))
  .answer(works.list, async (c) => {
    const q = parseQuery(c, listSchema);
    const user = c.user;
    const viewer = user?.id;
    if (q.order === "different") return differentWorks(c.deps, q.cursor, viewer, user?.hideAi);
    if (q.order === "recommend") return recommendedWorks(c.deps, { ...q, order: "score" }, viewer, user?.hideAi);
    return listWorkCards(c.deps, { ...q, order: "created" }, viewer);
  })
  .answer(works.pages, async (c) => {
    const q = parseQuery(c, pagesSchema);
    return pageWorkCards(c.deps, q, q.page, c.user?.id);
  })
  .answer(works.like, async (c) => likeWork(c.deps, requireUser(c).id, artIdParam(c), true))
  .answer(works.unlike, async (c) => likeWork(c.deps, requireUser(c).id, artIdParam(c), false))
  .answer(works.favorite, async (c) => favoriteWork(c.deps, requireUser(c).id, artIdParam(c), true))
  .answer(works.unfavorite, async (c) => favoriteWork(c.deps, requireUser(c).id, artIdParam(c), false))
  .answer(works.likers, async (c) => {
    const { cursor } = parseQuery(c, cursorQuery);
    return likersOf(c.deps, artIdParam(c), cursor, c.user?.id);
  })
  .answer(works.view, async (c) => workPage(c.deps, artIdParam(c), c.user, c.ip))
  .answer(works.editable, async (c) => getEditableWork(c.deps, requireUser(c), artIdParam(c)))
  .answer(works.create, async (c) => {
    const user = requireUser(c);
    return createWork(c.deps, user, toInput(await parseBody(c, workSchema)));
  })
  .answer(works.update, async (c) => {
    const user = requireUser(c);
    return updateWork(c.deps, user, artIdParam(c), toInput(await parseBody(c, workSchema)));
  })
  .answer(works.delete, async (c) => {
    await deleteWork(c.deps, requireUser(c), artIdParam(c));
    return null;
  })
  // Last: its `:id` would take the paths above.
  .respond(works.poster, async (c) => {
    const drawn = await workPoster(c.deps, artIdParam(c), c.ip);
    if (!drawn) throw new ApiError("notFound", "作品不存在或已删除");
    return new Response(new Uint8Array(drawn.png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": "public, max-age=300",
        ...(drawn.noai ? { "X-Robots-Tag": NOAI_ROBOTS } : {}),
      },
    });
  })
  .answer(works.detail, async (c) => workPage(c.deps, artIdParam(c), c.user)).all;
