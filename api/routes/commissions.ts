import { endpoints } from "../lib/endpoint.ts";
import { commissions, tips } from "../../contract/commissions/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { createCommission, getCommission, listMine, sayInCommission } from "../services/commissions/commissions.ts";
import { deliveredFile, takeStep } from "../services/commissions/steps.ts";
import { tipWork } from "../services/commissions/tips.ts";
import { contentTypeOf } from "../lib/storage.ts";

/** 约稿, its two parties' alone; and 打赏. */
export const commissionRoutes = endpoints()
  .answer(commissions.create, async (c) => createCommission(c.deps, requireUser(c), c.input.body))
  .answer(commissions.list, async (c) => listMine(c.deps, requireUser(c), c.input.query))
  .answer(commissions.step, async (c) => takeStep(c.deps, requireUser(c), c.input.params.id, c.input.body))
  .answer(commissions.say, async (c) => sayInCommission(c.deps, requireUser(c), c.input.params.id, c.input.body))
  .respond(commissions.file, async (c) => {
    const { id, n } = c.input.params;
    const file = await deliveredFile(c.deps, requireUser(c), id, n, c.input.query.size);
    return new Response(new Uint8Array(file.bytes), {
      headers: { "Content-Type": contentTypeOf(file.key) ?? "image/webp", "Cache-Control": "private, no-store" },
    });
  })
  .answer(commissions.one, async (c) => getCommission(c.deps, requireUser(c), c.input.params.id))
  .answer(tips.give, async (c) => tipWork(c.deps, requireUser(c), c.input.params.id, c.input.body.amount)).all;
