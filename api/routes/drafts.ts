import { endpoints } from "../lib/endpoint.ts";
import { drafts } from "../../contract/drafts/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { getDraft, listDrafts, listScheduled, removeDraft, saveDraft } from "../services/works/drafts.ts";

/** A member's drafts of works: theirs alone to list, open, save and delete. */
export const draftRoutes = endpoints()
  .answer(drafts.list, async (c) => listDrafts(c.deps, requireUser(c).id))
  .answer(drafts.scheduled, async (c) => listScheduled(c.deps, requireUser(c).id))
  .answer(drafts.save, async (c) => saveDraft(c.deps, requireUser(c), c.input.body))
  .answer(drafts.one, async (c) => getDraft(c.deps, requireUser(c).id, c.input.params.id))
  .answer(drafts.remove, async (c) => removeDraft(c.deps, requireUser(c).id, c.input.params.id)).all;
