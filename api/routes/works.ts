import type { z } from "zod";
import { ApiError } from "../lib/errors.ts";
import { workPoster } from "../services/works/poster.ts";
import { NOAI_ROBOTS } from "../../contract/works/rights.ts";
import { endpoints } from "../lib/endpoint.ts";
import { works } from "../../contract/works/endpoints.ts";
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

const toInput = (w: z.output<typeof workSchema>): WorkInput => ({
  ...w,
  type: w.type as WorkInput["type"],
  nodeId: w.nodeId ?? 0,
});

// requirements §7: POST /api/art/like/{artId}; the other marks follow its shape.
export const workRoutes = endpoints()
  .answer(works.nodes, async (c) => listNodeViews(c.deps))
  .answer(works.list, async (c) => {
    const q = c.input.query;
    const user = c.user;
    const viewer = user?.id;
    if (q.order === "different") return differentWorks(c.deps, q.cursor, viewer, user?.hideAi);
    if (q.order === "recommend") return recommendedWorks(c.deps, { ...q, order: "score" }, viewer, user?.hideAi);
    return listWorkCards(c.deps, { ...q, order: "created" }, viewer);
  })
  .answer(works.pages, async (c) => {
    const q = c.input.query;
    return pageWorkCards(c.deps, q, q.page, c.user?.id);
  })
  .answer(works.like, async (c) => likeWork(c.deps, requireUser(c).id, c.input.params.id, true))
  .answer(works.unlike, async (c) => likeWork(c.deps, requireUser(c).id, c.input.params.id, false))
  .answer(works.favorite, async (c) => favoriteWork(c.deps, requireUser(c).id, c.input.params.id, true))
  .answer(works.unfavorite, async (c) => favoriteWork(c.deps, requireUser(c).id, c.input.params.id, false))
  .answer(works.likers, async (c) => {
    return likersOf(c.deps, c.input.params.id, c.input.query.cursor, c.user?.id);
  })
  .answer(works.view, async (c) => workPage(c.deps, c.input.params.id, c.user, c.ip))
  .answer(works.editable, async (c) => getEditableWork(c.deps, requireUser(c), c.input.params.id))
  .answer(works.create, async (c) => {
    const user = requireUser(c);
    return createWork(c.deps, user, toInput(c.input.body));
  })
  .answer(works.update, async (c) => {
    const user = requireUser(c);
    return updateWork(c.deps, user, c.input.params.id, toInput(c.input.body));
  })
  .answer(works.delete, async (c) => {
    await deleteWork(c.deps, requireUser(c), c.input.params.id);
    return null;
  })
  // Last: its `:id` would take the paths above.
  .respond(works.poster, async (c) => {
    const drawn = await workPoster(c.deps, c.input.params.id, c.ip);
    if (!drawn) throw new ApiError("notFound", "作品不存在或已删除");
    return new Response(new Uint8Array(drawn.png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": "public, max-age=300",
        ...(drawn.noai ? { "X-Robots-Tag": NOAI_ROBOTS } : {}),
      },
    });
  })
  .answer(works.detail, async (c) => workPage(c.deps, c.input.params.id, c.user)).all;
